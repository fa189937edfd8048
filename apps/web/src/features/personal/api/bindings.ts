import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Binding } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchBindings(): Promise<{ list: Binding[] }> {
  return http.get<{ list: Binding[] }>(apiPaths.userBindThird).then(unwrap);
}

export const bindingsQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.bindings, queryFn: fetchBindings });

export function useBindings() {
  return useQuery(bindingsQueryOptions());
}
