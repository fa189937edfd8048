import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type BlockRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function blockUser(request: BlockRequest & { block: boolean }): Promise<{ ok: true }> {
  const path = request.block ? apiPaths.chatBlock : apiPaths.chatUnblock;
  return http.post<{ ok: true }>(path, { user_id: request.user_id }).then(unwrap);
}

/** 拉黑 / 解除拉黑 from the chat's menu. */
export function useBlockUser(onDone: (blocked: boolean) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: blockUser,
    onSuccess: (_result, request) => {
      void invalidateAfter(client, 'blockChatUser');
      onDone(request.block);
    },
    onError: showError,
  });
}
