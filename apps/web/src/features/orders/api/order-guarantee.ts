import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { orderPaths, type OrderGuarantee, type OrderGuaranteeQuery } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { orderKeys } from '@/core/query-keys';

export function fetchOrderGuarantee(query: OrderGuaranteeQuery): Promise<OrderGuarantee> {
  return http.get<OrderGuarantee>(orderPaths.guarantee, { ...query }).then(unwrap);
}

/** The server's price of a choice (包赔 option, coupon): the confirm screen shows only this. */
export const orderGuaranteeQueryOptions = (query: OrderGuaranteeQuery) =>
  queryOptions({ queryKey: orderKeys.guarantee(query), queryFn: () => fetchOrderGuarantee(query) });

export function useOrderGuarantee(query: OrderGuaranteeQuery) {
  // The previous price stays on screen while a new choice is priced.
  return useQuery({ ...orderGuaranteeQueryOptions(query), placeholderData: keepPreviousData });
}
