import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { startLoginFlow } from '@/core/login-flow';
import { useIsLoggedIn } from '@/core/storage';
import { StatusScreen } from '@/ui/status-screen';
import { favouritesMessages as m } from './messages';

/**
 * These routes are not L in SPEC §2, so a guest is not redirected: the screen says why it is empty
 * and offers login (no automatic redirect, which would trap the back button on /h5Login).
 */
export function GuestGate({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  if (loggedIn) return <>{children}</>;
  return (
    <StatusScreen
      status="default"
      title={m.loginTitle}
      description={m.loginBody}
      actions={[{ text: m.login, primary: true, onClick: () => startLoginFlow(pathname + search) }]}
      testId="login-required"
    />
  );
}
