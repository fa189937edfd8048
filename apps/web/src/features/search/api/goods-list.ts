import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsFilterRequest, type GoodsList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { searchKeys } from '@/core/query-keys';
import { toFilterRequest, type ListFilters } from '../list-params';

export const LIST_PAGE_SIZE = 20;

export function fetchGoodsList(request: GoodsFilterRequest): Promise<GoodsList> {
  return http.post<GoodsList>(apiPaths.goodsListFilter, request).then(unwrap);
}

interface PageParam {
  /** The previous answer's next_cursor: later pages read on from its last row (keyset). */
  cursor?: string;
  /** Page 1's snapshot: later pages ignore listings published meanwhile. */
  snapshotId?: number;
}

const FIRST_PAGE: PageParam = {};

/** The filtered, sorted list, page by page; one cache entry per set of filters. */
export const goodsListQueryOptions = (filters: ListFilters) =>
  infiniteQueryOptions({
    queryKey: searchKeys.goodsList(toFilterRequest(filters, 1, LIST_PAGE_SIZE)),
    queryFn: ({ pageParam }) =>
      fetchGoodsList({
        ...toFilterRequest(filters, 1, LIST_PAGE_SIZE, pageParam.snapshotId),
        ...(pageParam.cursor ? { cursor: pageParam.cursor } : {}),
      }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last): PageParam | undefined =>
      last.next_cursor ? { cursor: last.next_cursor, snapshotId: last.snapshot_id } : undefined,
    staleTime: 30_000,
  });

export function useGoodsList(filters: ListFilters) {
  return useInfiniteQuery(goodsListQueryOptions(filters));
}
