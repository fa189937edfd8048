import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderHandoverPaths, type OrderHandover } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { orderHandoverKeys } from '@/core/query-keys';

export function fetchOrderHandover(orderNo: string): Promise<OrderHandover> {
  return http.get<OrderHandover>(orderHandoverPaths.handover, { order_no: orderNo }).then(unwrap);
}

/** Credentials (masked), reveal log, videos, checklist and urges of one order. */
export const orderHandoverQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: orderHandoverKeys.panel(orderNo), queryFn: () => fetchOrderHandover(orderNo) });

export function useOrderHandover(orderNo: string) {
  return useQuery(orderHandoverQueryOptions(orderNo));
}
