import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimPaths, type ClaimDetail, type FileClaimRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface FileClaimCommand {
  request: FileClaimRequest;
  /** One per submitted form: a retried submit cannot act twice. */
  idempotencyKey: string;
}

export function fileClaim({ request, idempotencyKey }: FileClaimCommand): Promise<ClaimDetail> {
  return http
    .post<ClaimDetail>(claimPaths.file, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useFileClaim(onDone: (detail: ClaimDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fileClaim,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'fileClaim');
      onDone(detail);
    },
    onError: showError,
  });
}
