import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type SendMessageRequest, type SendMessageResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { customerServiceKeys } from '@/core/query-keys';

export function sendChatMessage(request: SendMessageRequest): Promise<SendMessageResult> {
  return http.post<SendMessageResult>(apiPaths.chatSend, request).then(unwrap);
}

/** Sends a text through chat's HTTP call; a retry with the same client_msg_id is stored once. */
export function useSendChatMessage(conversationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: () => client.invalidateQueries({ queryKey: customerServiceKeys.messages(conversationId) }),
    onError: showError,
  });
}
