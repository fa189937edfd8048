import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Binding, type ThirdPartyProvider } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { personalKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function confirmBinding(input: {
  provider: ThirdPartyProvider;
  code: string;
  state: string;
}): Promise<{ list: Binding[] }> {
  return http.post<{ list: Binding[] }>(apiPaths.userBindConfirm, input).then(unwrap);
}

export function useConfirmBinding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmBinding,
    onSuccess: (bindings) => {
      client.setQueryData(personalKeys.bindings, bindings);
      void invalidateAfter(client, 'changeBinding');
    },
    onError: showError,
  });
}
