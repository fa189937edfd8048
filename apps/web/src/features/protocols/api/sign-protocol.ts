import { useMutation, useQueryClient } from '@tanstack/react-query';
import { protocolPaths, type ProtocolSignRequest, type ProtocolSignResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

/** POST /app/order/sign: the SMS code confirms the intent; the server writes the snapshot. */
export function signProtocol(request: ProtocolSignRequest): Promise<ProtocolSignResult> {
  return http.post<ProtocolSignResult>(protocolPaths.sign, request).then(unwrap);
}

export function useSignProtocol(onSigned: (result: ProtocolSignResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: signProtocol,
    onSuccess: async (result) => {
      await invalidateAfter(client, 'signProtocol');
      onSigned(result);
    },
    onError: showError,
  });
}
