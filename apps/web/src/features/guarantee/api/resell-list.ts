import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { resellPaths, type ResellList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

export const RESELL_PAGE_SIZE = 20;

export function fetchResellList(page: number): Promise<ResellList> {
  return http.get<ResellList>(resellPaths.list, { page, page_size: RESELL_PAGE_SIZE }).then(unwrap);
}

export const resellListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: guaranteeKeys.resell,
    queryFn: ({ pageParam }) => fetchResellList(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useResellList() {
  return useInfiniteQuery(resellListQueryOptions());
}
