import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type User } from '@haoshi/contracts';
import { http, unwrap } from './http/client';
import { mineKeys } from './query-keys';

/** The logged-in user (SPEC §7 /app/user/info): the 我的 page and the staff-only screens read it. */
export function fetchCurrentUser(): Promise<User> {
  return http.get<User>(apiPaths.currentUser).then(unwrap);
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: mineKeys.currentUser, queryFn: fetchCurrentUser });

export function useCurrentUser(loggedIn: boolean) {
  return useQuery({ ...currentUserQueryOptions(), enabled: loggedIn });
}
