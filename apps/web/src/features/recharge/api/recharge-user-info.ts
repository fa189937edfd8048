import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentPaths, type RechargeUserInfo } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { rechargeKeys } from '@/core/query-keys';

export function fetchRechargeUserInfo(): Promise<RechargeUserInfo> {
  return http.get<RechargeUserInfo>(paymentPaths.rechargeUserInfo).then(unwrap);
}

/** GET /app/recharge/user_info: the balance and today's recharges. */
export const rechargeUserInfoQueryOptions = () =>
  queryOptions({ queryKey: rechargeKeys.userInfo, queryFn: fetchRechargeUserInfo });

export function useRechargeUserInfo() {
  return useQuery(rechargeUserInfoQueryOptions());
}
