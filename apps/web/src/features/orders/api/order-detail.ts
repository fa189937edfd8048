import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPaths, type OrderDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { orderKeys } from '@/core/query-keys';

export const ORDER_POLL_MS = 3000;

export function fetchOrderDetail(orderNo: string): Promise<OrderDetail> {
  return http.get<OrderDetail>(orderPaths.detail, { order_no: orderNo }).then(unwrap);
}

export const orderDetailQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: orderKeys.detail(orderNo), queryFn: () => fetchOrderDetail(orderNo) });

/** Polls while a cashier payment is under way, so 已付款 shows as soon as the money arrives. */
export function useOrderDetail(orderNo: string) {
  return useQuery({
    ...orderDetailQueryOptions(orderNo),
    refetchInterval: (query) => (query.state.data?.cashier_url ? ORDER_POLL_MS : false),
  });
}
