import { queryOptions, useQuery } from '@tanstack/react-query';
import { protocolPaths, type ProtocolPage } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { protocolKeys } from '@/core/query-keys';

export function fetchProtocolPage(orderNo: string): Promise<ProtocolPage> {
  return http.get<ProtocolPage>(protocolPaths.page, { order_no: orderNo }, { silent: true }).then(unwrap);
}

export const protocolPageQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: protocolKeys.page(orderNo),
    queryFn: () => fetchProtocolPage(orderNo),
    staleTime: 0,
  });

export function useProtocolPage(orderNo: string) {
  return useQuery(protocolPageQueryOptions(orderNo));
}
