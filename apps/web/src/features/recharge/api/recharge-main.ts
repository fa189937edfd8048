import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentPaths, type RechargeMain } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { rechargeKeys } from '@/core/query-keys';

export function fetchRechargeMain(): Promise<RechargeMain> {
  return http.get<RechargeMain>(paymentPaths.rechargeMain, undefined, { silent: true }).then(unwrap);
}

/** GET /app/recharge/main: channels, preset amounts, limits and notes. */
export const rechargeMainQueryOptions = () =>
  queryOptions({ queryKey: rechargeKeys.main, queryFn: fetchRechargeMain, staleTime: 60_000 });

export function useRechargeMain() {
  return useQuery(rechargeMainQueryOptions());
}
