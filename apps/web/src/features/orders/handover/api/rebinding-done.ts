import { orderHandoverPaths, type OrderHandover, type RebindingDoneRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useHandoverMutation } from './handover-mutation';

/** The seller marks a rebinding step done, with a note for the buyer. */
export function markRebindingDone(request: RebindingDoneRequest): Promise<OrderHandover> {
  return http.post<OrderHandover>(orderHandoverPaths.rebindingSellerDone, request).then(unwrap);
}

export function useMarkRebindingDone() {
  return useHandoverMutation('rebindingStep', markRebindingDone);
}
