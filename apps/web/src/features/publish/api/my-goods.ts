import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsStatus, type MyGoodsItem, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { publishKeys } from '@/core/query-keys';

export const MY_GOODS_PAGE_SIZE = 20;

export function fetchMyGoods(status: GoodsStatus | undefined, page: number, pageSize = MY_GOODS_PAGE_SIZE) {
  return http
    .get<Page<MyGoodsItem>>(apiPaths.userGoodsMine, {
      ...(status ? { status } : {}),
      page,
      page_size: pageSize,
    })
    .then(unwrap);
}

/** One tab of 我的发布, page after page. */
export const myGoodsQueryOptions = (status: GoodsStatus) =>
  infiniteQueryOptions({
    queryKey: publishKeys.myGoods(status),
    queryFn: ({ pageParam }) => fetchMyGoods(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useMyGoods(status: GoodsStatus) {
  return useInfiniteQuery(myGoodsQueryOptions(status));
}

/** The few latest listings of any state (诚心卖). */
export const recentGoodsQueryOptions = () =>
  queryOptions({ queryKey: publishKeys.recent, queryFn: () => fetchMyGoods(undefined, 1, 3) });

export function useRecentGoods(enabled: boolean) {
  return useQuery({ ...recentGoodsQueryOptions(), enabled });
}
