import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsLoggedIn } from '@/core/storage';
import { LoginRequiredScreen } from '@/ui/login-required-screen';

/** Money screens SPEC does not flag L still show only the logged-in user's own money. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <LoginRequiredScreen target={`${location.pathname}${location.search}`} />;
  return <>{children}</>;
}
