import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type Page, type Visitor } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { favouritesKeys } from '@/core/query-keys';

export const VISITORS_PAGE_SIZE = 20;

export function fetchVisitors(page: number): Promise<Page<Visitor>> {
  return http.get<Page<Visitor>>(apiPaths.userVisitor, { page, page_size: VISITORS_PAGE_SIZE }).then(unwrap);
}

export const visitorsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: favouritesKeys.visitors,
    queryFn: ({ pageParam }) => fetchVisitors(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useVisitors() {
  return useInfiniteQuery(visitorsQueryOptions());
}
