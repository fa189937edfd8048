import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { paymentPaths, type RechargeCreated } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { invalidateAfter } from '@/core/query-links';
import { rechargeKeys } from '@/core/query-keys';

export const CONFIRM_POLL_MS = 2000;
/** After this long without a final state the screen stops polling and says the order is processing. */
export const CONFIRM_POLL_LIMIT_MS = 60_000;

export function confirmRecharge(orderNo: string): Promise<RechargeCreated> {
  return http
    .post<RechargeCreated>(paymentPaths.rechargeExchangeConfirm, { order_no: orderNo }, { silent: true })
    .then(unwrap);
}

/**
 * POST /app/recharge/exchange/confirm, repeated every 2 s while the order is pending (each call makes
 * the server ask the gateway), for at most a minute.
 */
export function useRechargeConfirm(orderNo: string, startedAt: number) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: rechargeKeys.confirm(orderNo),
    queryFn: () => confirmRecharge(orderNo),
    refetchInterval: (current) =>
      current.state.data?.status === 'pending' && Date.now() - startedAt < CONFIRM_POLL_LIMIT_MS
        ? CONFIRM_POLL_MS
        : false,
  });
  const status = query.data?.status;
  useEffect(() => {
    if (status === 'paid') void invalidateAfter(client, 'rechargePaid');
  }, [status, client]);
  return query;
}
