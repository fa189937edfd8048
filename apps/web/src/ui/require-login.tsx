import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useIsLoggedIn } from '@/core/storage';
import { LoginRequiredScreen } from './login-required-screen';

/**
 * For screens about the user's own things that SPEC does not flag L (money, coupons, deposits):
 * a guest is asked to log in and comes back here afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) return <LoginRequiredScreen target={`${location.pathname}${location.search}`} />;
  return <>{children}</>;
}
