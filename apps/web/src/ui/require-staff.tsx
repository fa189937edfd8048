import type { ReactNode } from 'react';
import { isStaff } from '@haoshi/contracts';
import { useCurrentUser } from '@/core/current-user';
import { useIsLoggedIn } from '@/core/storage';
import { uiMessages } from './messages';
import { NotFoundScreen } from './not-found-screen';
import { RequireLogin } from './require-login';
import { ScreenSkeleton } from './screen-skeleton';
import { StatusScreen } from './status-screen';

function StaffCheck({ children }: { children: ReactNode }) {
  const user = useCurrentUser(useIsLoggedIn());
  if (user.isPending) return <ScreenSkeleton />;
  if (user.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={uiMessages.userLoadFailed}
        description={uiMessages.userLoadFailedBody}
        actions={[{ text: uiMessages.reload, primary: true, onClick: () => void user.refetch() }]}
      />
    );
  // To anyone else the route does not exist.
  return isStaff(user.data.roles) ? <>{children}</> : <NotFoundScreen />;
}

/**
 * For screens meant for the team (diagnostics): staff only, or anyone in a development build. A
 * guest is asked to log in first.
 */
export function RequireStaff({ children }: { children: ReactNode }) {
  if (import.meta.env.DEV) return <>{children}</>;
  return (
    <RequireLogin>
      <StaffCheck>{children}</StaffCheck>
    </RequireLogin>
  );
}
