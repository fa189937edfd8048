import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsLoggedIn } from '@/core/storage';
import { LoginRequiredScreen } from '@/ui/login-required-screen';

/** Recharge screens SPEC does not flag L still concern the user's own money: guests are asked to log in. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <LoginRequiredScreen target={`${location.pathname}${location.search}`} />;
  return <>{children}</>;
}
