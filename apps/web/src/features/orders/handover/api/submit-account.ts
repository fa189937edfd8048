import { orderHandoverPaths, type OrderHandover, type SubmitAccountRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useHandoverMutation } from './handover-mutation';

export function submitAccount(request: SubmitAccountRequest): Promise<OrderHandover> {
  return http.post<OrderHandover>(orderHandoverPaths.submitAccount, request).then(unwrap);
}

export function useSubmitAccount(onDone?: (data: OrderHandover) => void) {
  return useHandoverMutation('submitOrderAccount', submitAccount, onDone);
}
