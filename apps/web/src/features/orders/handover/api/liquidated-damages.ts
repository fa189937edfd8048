import { orderHandoverPaths, type LiquidatedDamagesRequest, type OrderHandover } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useHandoverMutation } from './handover-mutation';
import { idempotencyKey } from './idempotency';

/** Customer service decides liquidated damages once per order; money moves, so one key per intent. */
export function decideLiquidatedDamages(request: LiquidatedDamagesRequest): Promise<OrderHandover> {
  return http
    .post<OrderHandover>(orderHandoverPaths.liquidatedDamages, request, {
      headers: idempotencyKey('damages'),
    })
    .then(unwrap);
}

export function useLiquidatedDamages(onDone?: (data: OrderHandover) => void) {
  return useHandoverMutation('liquidatedDamages', decideLiquidatedDamages, onDone);
}
