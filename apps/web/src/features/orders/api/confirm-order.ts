import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderPaths, type OrderDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { orderKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function confirmOrder(orderNo: string): Promise<OrderDetail> {
  return http
    .post<OrderDetail>(
      orderPaths.confirm,
      { order_no: orderNo },
      { headers: { 'Idempotency-Key': `confirm-${orderNo}` } },
    )
    .then(unwrap);
}

export function useConfirmOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmOrder,
    onSuccess: (order) => {
      client.setQueryData(orderKeys.detail(order.order_no), order);
      void invalidateAfter(client, 'confirmOrder');
    },
    onError: showError,
  });
}
