import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPaths, type ClaimDetail, type ReviewClaimRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface ReviewClaimCommand {
  request: ReviewClaimRequest;
  /** One per submitted form: a retried submit cannot act twice. */
  idempotencyKey: string;
}

export function reviewClaim({ request, idempotencyKey }: ReviewClaimCommand): Promise<ClaimDetail> {
  return http
    .post<ClaimDetail>(claimPaths.review, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useReviewClaim(onDone: (detail: ClaimDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: reviewClaim,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'reviewClaim');
      onDone(detail);
    },
    onError: showError,
  });
}
