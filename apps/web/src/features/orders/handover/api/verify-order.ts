import { orderHandoverPaths, type OrderHandover, type VerifyRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useHandoverMutation } from './handover-mutation';
import { idempotencyKey } from './idempotency';

export function verifyOrder(request: VerifyRequest): Promise<OrderHandover> {
  return http
    .post<OrderHandover>(orderHandoverPaths.verify, request, { headers: idempotencyKey('verify') })
    .then(unwrap);
}

export function useVerifyOrder(onDone?: (data: OrderHandover) => void) {
  return useHandoverMutation('verifyOrder', verifyOrder, onDone);
}
