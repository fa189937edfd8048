import { queryOptions, useQuery } from '@tanstack/react-query';
import { realNamePaths, type BindStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { realNameKeys } from '@/core/query-keys';

export function fetchBindStatus(): Promise<BindStatus> {
  return http.get<BindStatus>(realNamePaths.bindStatus).then(unwrap);
}

export const bindStatusQueryOptions = () =>
  queryOptions({ queryKey: realNameKeys.bindStatus, queryFn: fetchBindStatus });

export function useBindStatus() {
  return useQuery(bindStatusQueryOptions());
}
