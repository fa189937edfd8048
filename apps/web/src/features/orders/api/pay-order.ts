import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderPaths, type PayOrderRequest, type PayOrderResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { orderKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export interface PayOrderCommand {
  request: PayOrderRequest;
  /** One per confirmation of the pay sheet: a retry cannot pay twice. */
  idempotencyKey: string;
}

export function payOrder({ request, idempotencyKey }: PayOrderCommand): Promise<PayOrderResult> {
  return http
    .post<PayOrderResult>(orderPaths.pay, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function usePayOrder(onDone: (result: PayOrderResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: payOrder,
    onSuccess: (result) => {
      client.setQueryData(orderKeys.detail(result.order.order_no), result.order);
      void invalidateAfter(client, 'payOrder');
      onDone(result);
    },
    onError: showError,
  });
}
