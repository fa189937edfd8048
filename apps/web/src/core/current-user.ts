import { useQuery } from '@tanstack/react-query';
import { apiPaths, type User } from '@haoshi/contracts';
import { http, unwrap } from './http/client';

/** The logged-in user (SPEC §7 /app/user/info): the 我的 page and the staff-only screens read it. */
export function fetchCurrentUser(): Promise<User> {
  return http.get<User>(apiPaths.currentUser).then(unwrap);
}

export const currentUserQueryKey = ['current-user'] as const;

export function useCurrentUser(loggedIn: boolean) {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, enabled: loggedIn });
}
