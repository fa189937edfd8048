import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type User } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { mineKeys } from '@/core/query-keys';

export function fetchCurrentUser(): Promise<User> {
  return http.get<User>(apiPaths.currentUser).then(unwrap);
}

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: mineKeys.currentUser, queryFn: fetchCurrentUser });

export function useCurrentUser(loggedIn: boolean) {
  return useQuery({ ...currentUserQueryOptions(), enabled: loggedIn });
}
