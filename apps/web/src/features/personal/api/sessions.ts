import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type SessionItem } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchSessions(): Promise<{ list: SessionItem[] }> {
  return http.get<{ list: SessionItem[] }>(apiPaths.userSessions).then(unwrap);
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.sessions, queryFn: fetchSessions });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
