import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderPaths, type OrderDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { orderKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function cancelOrder(orderNo: string): Promise<OrderDetail> {
  return http
    .post<OrderDetail>(
      orderPaths.cancel,
      { order_no: orderNo },
      { headers: { 'Idempotency-Key': `cancel-${orderNo}` } },
    )
    .then(unwrap);
}

export function useCancelOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.order_no), order);
      void invalidateAfter(client, 'cancelOrder');
    },
    onError: showError,
  });
}
