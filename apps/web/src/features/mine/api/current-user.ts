import { useQuery } from '@tanstack/react-query';
import { apiPaths, type User } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchCurrentUser(): Promise<User> {
  return http.get<User>(apiPaths.currentUser).then(unwrap);
}

export const currentUserQueryKey = ['mine', 'current-user'] as const;

export function useCurrentUser(loggedIn: boolean) {
  return useQuery({ queryKey: currentUserQueryKey, queryFn: fetchCurrentUser, enabled: loggedIn });
}
