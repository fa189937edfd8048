import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type HomeIndex } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { homeKeys } from '@/core/query-keys';

export function fetchHomeIndex(): Promise<HomeIndex> {
  return http.get<HomeIndex>(apiPaths.homeIndex).then(unwrap);
}

export const homeIndexQueryOptions = () =>
  queryOptions({ queryKey: homeKeys.index, queryFn: fetchHomeIndex, staleTime: 60_000 });

export function useHomeIndex() {
  return useQuery(homeIndexQueryOptions());
}
