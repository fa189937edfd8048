import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalPaths, type Withdrawal } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function cancelWithdrawal(id: number): Promise<Withdrawal> {
  return http
    .post<Withdrawal>(withdrawalPaths.cancel, { id }, { headers: { 'Idempotency-Key': `cancel-${id}` } })
    .then(unwrap);
}

export function useCancelWithdrawal(onDone: (withdrawal: Withdrawal) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSuccess: (withdrawal) => {
      void invalidateAfter(client, 'cancelWithdrawal');
      onDone(withdrawal);
    },
    onError: showError,
  });
}
