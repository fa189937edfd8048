import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ServiceSession } from '@haoshi/contracts';
import { showError } from '@/core/http/show-error';
import { customerServiceKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

/** A step of a service session (take, transfer, close, leave): the answer is the session itself. */
export function useSessionStep<Request>(call: (request: Request) => Promise<ServiceSession>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (session) => {
      client.setQueryData(customerServiceKeys.session(session.id), session);
      await invalidateAfter(client, 'serviceSessionStep');
    },
    onError: showError,
  });
}
