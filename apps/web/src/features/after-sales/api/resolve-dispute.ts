import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputePaths, type DisputeDetail, type ResolveDisputeRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface ResolveDisputeCommand {
  request: ResolveDisputeRequest;
  /** One per confirmation: a retry cannot move the escrow twice. */
  idempotencyKey: string;
}

export function resolveDispute({ request, idempotencyKey }: ResolveDisputeCommand): Promise<DisputeDetail> {
  return http
    .post<DisputeDetail>(disputePaths.resolve, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useResolveDispute(onDone: (detail: DisputeDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveDispute,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'resolveDispute');
      onDone(detail);
    },
    onError: showError,
  });
}
