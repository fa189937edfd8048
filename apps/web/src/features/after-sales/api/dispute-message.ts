import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disputePaths, type DisputeDetail, type DisputeMessageRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function sendDisputeMessage(request: DisputeMessageRequest): Promise<DisputeDetail> {
  return http.post<DisputeDetail>(disputePaths.message, request).then(unwrap);
}

export function useDisputeMessage(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendDisputeMessage,
    onSuccess: () => {
      void invalidateAfter(client, 'disputeMessage');
      onDone();
    },
    onError: showError,
  });
}
