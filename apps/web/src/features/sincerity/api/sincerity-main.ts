import { queryOptions, useQuery } from '@tanstack/react-query';
import { sincerityPaths, type SincerityMain } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { sincerityKeys } from '@/core/query-keys';

export function fetchSincerityMain(): Promise<SincerityMain> {
  return http.get<SincerityMain>(sincerityPaths.main).then(unwrap);
}

export const sincerityMainQueryOptions = () =>
  queryOptions({ queryKey: sincerityKeys.main, queryFn: fetchSincerityMain });

export function useSincerityMain(enabled: boolean) {
  return useQuery({ ...sincerityMainQueryOptions(), enabled });
}
