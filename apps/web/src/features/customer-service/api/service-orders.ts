import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerServicePaths, type Page, type ServiceOrder } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { customerServiceKeys } from '@/core/query-keys';

/** The picker shows the 50 newest orders; older ones are rarely what a user asks about. */
const PICKER_SIZE = 50;

export function fetchServiceOrders(): Promise<Page<ServiceOrder>> {
  return http
    .get<Page<ServiceOrder>>(customerServicePaths.orders, { page: 1, page_size: PICKER_SIZE })
    .then(unwrap);
}

export const serviceOrdersQueryOptions = () =>
  queryOptions({ queryKey: customerServiceKeys.orders, queryFn: fetchServiceOrders });

export function useServiceOrders(enabled: boolean) {
  return useQuery({ ...serviceOrdersQueryOptions(), enabled });
}
