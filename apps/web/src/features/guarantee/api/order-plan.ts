import { queryOptions, useQuery } from '@tanstack/react-query';
import { guaranteePaths, type OrderPlan } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

export function fetchOrderPlan(orderNo: string): Promise<OrderPlan> {
  return http.get<OrderPlan>(guaranteePaths.orderPlan, { order_no: orderNo }, { silent: true }).then(unwrap);
}

export const orderPlanQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: guaranteeKeys.orderPlan(orderNo), queryFn: () => fetchOrderPlan(orderNo) });

export function useOrderPlan(orderNo: string) {
  return useQuery({ ...orderPlanQueryOptions(orderNo), enabled: orderNo !== '' });
}
