import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths, type Keywords } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** Hot keywords, and suggestions for what has been typed so far (silent: typing must not toast). */
export function fetchKeywords(keyword: string): Promise<Keywords> {
  const params = keyword === '' ? {} : { keyword };
  return http.get<Keywords>(apiPaths.homeKeyword, params, { silent: true }).then(unwrap);
}

export function useKeywords(keyword: string) {
  return useQuery({
    queryKey: ['search', 'keywords', keyword],
    queryFn: () => fetchKeywords(keyword),
    staleTime: 60_000,
    placeholderData: keyword === '' ? undefined : keepPreviousData,
  });
}
