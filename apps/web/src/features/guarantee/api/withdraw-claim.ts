import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPaths, type ClaimDetail, type ClaimNoQuery } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface WithdrawClaimCommand {
  request: ClaimNoQuery;
  /** One per submitted form: a retried submit cannot act twice. */
  idempotencyKey: string;
}

export function withdrawClaim({ request, idempotencyKey }: WithdrawClaimCommand): Promise<ClaimDetail> {
  return http
    .post<ClaimDetail>(claimPaths.withdraw, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useWithdrawClaim(onDone: (detail: ClaimDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawClaim,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'withdrawClaim');
      onDone(detail);
    },
    onError: showError,
  });
}
