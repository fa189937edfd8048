import { queryOptions, useQuery } from '@tanstack/react-query';
import { guaranteePaths, type GuaranteePlans } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

/** The plans, priced for `price` (yuan) when one is given. */
export function fetchGuaranteePlans(price: string): Promise<GuaranteePlans> {
  return http.get<GuaranteePlans>(guaranteePaths.plans, price ? { price } : {}).then(unwrap);
}

export const guaranteePlansQueryOptions = (price: string) =>
  queryOptions({
    queryKey: guaranteeKeys.plans(price),
    queryFn: () => fetchGuaranteePlans(price),
    staleTime: 10 * 60_000,
  });

export function useGuaranteePlans(price: string) {
  return useQuery(guaranteePlansQueryOptions(price));
}
