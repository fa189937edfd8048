import { LOGIN_PATH } from '@/core/login-flow';
import { BUSINESS_PAY_PATH, type RouteEntry } from './route-table';

export type Access = { kind: 'allow' } | { kind: 'redirect'; to: string } | { kind: 'native-login' };

export interface AccessState {
  loggedIn: boolean;
  native: boolean;
}

export function loginAddress(redirect: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}`;
}

/**
 * SPEC §2 navigation rules: /businessPay only inside native apps; an L route without a stored
 * Authorization goes to /h5Login (remembering where the user was going), or, inside a native app,
 * asks the app to log in.
 */
export function decideAccess(
  entry: Pick<RouteEntry, 'path' | 'login'> | undefined,
  target: string,
  { loggedIn, native }: AccessState,
): Access {
  if (!entry) return { kind: 'allow' };
  if (entry.path === BUSINESS_PAY_PATH && !native) return { kind: 'redirect', to: '/' };
  if (entry.login && !loggedIn)
    return native ? { kind: 'native-login' } : { kind: 'redirect', to: loginAddress(target) };
  return { kind: 'allow' };
}
