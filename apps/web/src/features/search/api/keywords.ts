import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Keywords } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { searchKeys } from '@/core/query-keys';

/** Hot keywords, and suggestions for what has been typed so far (silent: typing must not toast). */
export function fetchKeywords(keyword: string): Promise<Keywords> {
  const params = keyword === '' ? {} : { keyword };
  return http.get<Keywords>(apiPaths.homeKeyword, params, { silent: true }).then(unwrap);
}

export const keywordsQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: searchKeys.keywords(keyword),
    queryFn: () => fetchKeywords(keyword),
    staleTime: 60_000,
    placeholderData: keyword === '' ? undefined : keepPreviousData,
  });

export function useKeywords(keyword: string) {
  return useQuery(keywordsQueryOptions(keyword));
}
