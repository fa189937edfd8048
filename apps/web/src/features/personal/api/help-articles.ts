import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type HelpArticle } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchHelpArticles(): Promise<{ list: HelpArticle[] }> {
  return http.get<{ list: HelpArticle[] }>(apiPaths.helpArticles).then(unwrap);
}

export const helpArticlesQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.help, queryFn: fetchHelpArticles, staleTime: 5 * 60_000 });

export function useHelpArticles() {
  return useQuery(helpArticlesQueryOptions());
}
