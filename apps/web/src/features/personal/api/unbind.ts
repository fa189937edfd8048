import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Binding, type ThirdPartyProvider } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { personalKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function unbind(provider: ThirdPartyProvider): Promise<{ list: Binding[] }> {
  return http.post<{ list: Binding[] }>(apiPaths.userBindUnbind, { provider }).then(unwrap);
}

export function useUnbind() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unbind,
    onSuccess: (bindings) => {
      client.setQueryData(personalKeys.bindings, bindings);
      void invalidateAfter(client, 'changeBinding');
    },
    onError: showError,
  });
}
