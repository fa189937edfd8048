import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ProvinceNode } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchAreaData(): Promise<{ version: string; list: ProvinceNode[] }> {
  return http.get<{ version: string; list: ProvinceNode[] }>(apiPaths.areaData).then(unwrap);
}

export const areaDataQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.areaData, queryFn: fetchAreaData, staleTime: Infinity });

export function useAreaData() {
  return useQuery(areaDataQueryOptions());
}
