import { orderHandoverPaths, type OrderHandover, type RebindingConfirmRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useHandoverMutation } from './handover-mutation';

/** The buyer (or staff) confirms a rebinding step. */
export function confirmRebindingStep(request: RebindingConfirmRequest): Promise<OrderHandover> {
  return http.post<OrderHandover>(orderHandoverPaths.rebindingConfirm, request).then(unwrap);
}

export function useConfirmRebindingStep() {
  return useHandoverMutation('rebindingStep', confirmRebindingStep);
}
