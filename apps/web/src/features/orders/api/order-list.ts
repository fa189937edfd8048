import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { orderPaths, type OrderList, type OrderSide, type OrderTab } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { orderKeys } from '@/core/query-keys';

export const ORDER_PAGE_SIZE = 20;

export function fetchOrderList(side: OrderSide, tab: OrderTab, page: number): Promise<OrderList> {
  return http.get<OrderList>(orderPaths.list, { side, tab, page, page_size: ORDER_PAGE_SIZE }).then(unwrap);
}

export const orderListQueryOptions = (side: OrderSide, tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: orderKeys.list(side, tab),
    queryFn: ({ pageParam }) => fetchOrderList(side, tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useOrderList(side: OrderSide, tab: OrderTab) {
  return useInfiniteQuery(orderListQueryOptions(side, tab));
}
