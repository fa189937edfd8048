import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderPaths, type OrderDetail, type PlaceOrderRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface PlaceOrderCommand {
  request: PlaceOrderRequest;
  /** One per tap of 提交订单: a retry cannot place a second order. */
  idempotencyKey: string;
}

export function placeOrder({ request, idempotencyKey }: PlaceOrderCommand): Promise<OrderDetail> {
  return http
    .post<OrderDetail>(orderPaths.place, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function usePlaceOrder(onDone: (order: OrderDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    onSuccess: (order) => {
      void invalidateAfter(client, 'placeOrder');
      onDone(order);
    },
    onError: showError,
  });
}
