import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPaths, type ClaimDetail, type SupplementClaimRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface SupplementClaimCommand {
  request: SupplementClaimRequest;
  /** One per submitted form: a retried submit cannot act twice. */
  idempotencyKey: string;
}

export function supplementClaim({ request, idempotencyKey }: SupplementClaimCommand): Promise<ClaimDetail> {
  return http
    .post<ClaimDetail>(claimPaths.supplement, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useSupplementClaim(onDone: (detail: ClaimDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: supplementClaim,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'supplementClaim');
      onDone(detail);
    },
    onError: showError,
  });
}
