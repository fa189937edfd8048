import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputePaths, type DisputeDetail, type OpenDisputeRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export interface OpenDisputeCommand {
  request: OpenDisputeRequest;
  /** One per submitted form: a retried submit cannot open twice. */
  idempotencyKey: string;
}

export function openDispute({ request, idempotencyKey }: OpenDisputeCommand): Promise<DisputeDetail> {
  return http
    .post<DisputeDetail>(disputePaths.open, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

export function useOpenDispute(onDone: (detail: DisputeDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openDispute,
    onSuccess: (detail) => {
      void invalidateAfter(client, 'openDispute');
      onDone(detail);
    },
    onError: showError,
  });
}
