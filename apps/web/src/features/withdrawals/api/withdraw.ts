import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalPaths, type Withdrawal, type WithdrawRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface WithdrawCommand {
  request: WithdrawRequest;
  /** One per confirmation: a retry of the same confirmation cannot withdraw twice. */
  idempotencyKey: string;
}

export function withdraw({ request, idempotencyKey }: WithdrawCommand): Promise<Withdrawal> {
  return http
    .post<Withdrawal>(withdrawalPaths.withdraw, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useWithdraw(onDone: (withdrawal: Withdrawal) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdraw,
    onSuccess: (withdrawal) => {
      void invalidateAfter(client, 'withdraw');
      onDone(withdrawal);
    },
    onError: showError,
  });
}
