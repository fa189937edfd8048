import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerServicePaths, type ServiceRequest, type ServiceSession } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { customerServiceKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function requestService(request: ServiceRequest): Promise<ServiceSession> {
  return http.post<ServiceSession>(customerServicePaths.main, request).then(unwrap);
}

/** 转人工: answers the new session, or the user's session still open. */
export function useRequestService(onDone: (session: ServiceSession) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestService,
    onSuccess: async (session) => {
      client.setQueryData(customerServiceKeys.session(session.id), session);
      await invalidateAfter(client, 'serviceSessionStep');
      onDone(session);
    },
    onError: showError,
  });
}
