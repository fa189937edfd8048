import { useMutation } from '@tanstack/react-query';
import { withdrawalPaths, type WithdrawAlert, type WithdrawRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

/** Fee, amount received, arrival and rules for an amount, before the user confirms. */
export function fetchWithdrawAlert(request: WithdrawRequest): Promise<WithdrawAlert> {
  return http.post<WithdrawAlert>(withdrawalPaths.alert, request).then(unwrap);
}

export function useWithdrawAlert() {
  return useMutation({ mutationFn: fetchWithdrawAlert, onError: showError });
}
