import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsFilterRequest, type GoodsList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { toFilterRequest, type ListFilters } from '../list-params';

export const LIST_PAGE_SIZE = 20;

export function fetchGoodsList(request: GoodsFilterRequest): Promise<GoodsList> {
  return http.post<GoodsList>(apiPaths.goodsListFilter, request).then(unwrap);
}

interface PageParam {
  page: number;
  /** Page 1's snapshot: later pages ignore listings published meanwhile. */
  snapshotId?: number;
}

const FIRST_PAGE: PageParam = { page: 1 };

/** The filtered, sorted list, page by page; one cache entry per set of filters. */
export function useGoodsList(filters: ListFilters) {
  return useInfiniteQuery({
    queryKey: ['search', 'goods', toFilterRequest(filters, 1, LIST_PAGE_SIZE)],
    queryFn: ({ pageParam }) =>
      fetchGoodsList(toFilterRequest(filters, pageParam.page, LIST_PAGE_SIZE, pageParam.snapshotId)),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last): PageParam | undefined => {
      const page = nextPageNumber(last);
      return page === undefined ? undefined : { page, snapshotId: last.snapshot_id };
    },
    staleTime: 30_000,
  });
}
