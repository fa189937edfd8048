import { useQuery } from '@tanstack/react-query';
import { paymentPaths, type RechargeUserInfo } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchRechargeUserInfo(): Promise<RechargeUserInfo> {
  return http.get<RechargeUserInfo>(paymentPaths.rechargeUserInfo).then(unwrap);
}

/** GET /app/recharge/user_info: the balance and today's recharges. */
export function useRechargeUserInfo() {
  return useQuery({ queryKey: ['recharge', 'user-info'], queryFn: fetchRechargeUserInfo });
}
