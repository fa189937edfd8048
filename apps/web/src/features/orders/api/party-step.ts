import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderPaths, type OrderDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { orderKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

/** A party's own step: the seller's 开始交付, the buyer's 完成换绑. */
export type PartyStep = 'deliver' | 'finish_rebinding';

const stepPaths: Record<PartyStep, string> = {
  deliver: orderPaths.deliver,
  finish_rebinding: orderPaths.finishRebinding,
};

export function takePartyStep({ orderNo, step }: { orderNo: string; step: PartyStep }): Promise<OrderDetail> {
  return http
    .post<OrderDetail>(
      stepPaths[step],
      { order_no: orderNo },
      { headers: { 'Idempotency-Key': `${step}-${orderNo}` } },
    )
    .then(unwrap);
}

export function usePartyStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: takePartyStep,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.order_no), order);
      void invalidateAfter(client, 'orderPartyStep');
    },
    onError: showError,
  });
}
