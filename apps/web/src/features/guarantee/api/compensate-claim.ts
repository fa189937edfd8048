import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPaths, type ClaimDetail, type ClaimNoQuery } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface CompensateClaimCommand {
  request: ClaimNoQuery;
  /** One per submitted form: a retried submit cannot act twice. */
  idempotencyKey: string;
}

export function compensateClaim({ request, idempotencyKey }: CompensateClaimCommand): Promise<ClaimDetail> {
  return http
    .post<ClaimDetail>(claimPaths.compensate, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useCompensateClaim(onDone: (detail: ClaimDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: compensateClaim,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'compensateClaim');
      onDone(detail);
    },
    onError: showError,
  });
}
