import { LOGIN_PATH } from '@/core/login-flow';

/**
 * Where to go after logging in: an in-app path from ?redirect=, never another site ('//host',
 * 'https://…') and never the login page itself.
 */
export function redirectTarget(raw: string | null): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  const pathname = raw.split(/[?#]/)[0];
  return pathname === LOGIN_PATH ? '/' : raw;
}
