import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type History, type SendMessageRequest, type SendMessageResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { customerServiceKeys } from '@/core/query-keys';

export function sendChatMessage(request: SendMessageRequest): Promise<SendMessageResult> {
  return http.post<SendMessageResult>(apiPaths.chatSend, request).then(unwrap);
}

/**
 * Sends a text (by default through chat's HTTP call; the screen passes the socket send); a retry
 * with the same client_msg_id is stored once. The stored message goes straight into the history.
 */
export function useSendChatMessage(
  conversationId: number,
  send: (request: SendMessageRequest) => Promise<SendMessageResult> = sendChatMessage,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: ({ message }) =>
      client.setQueryData<History>(customerServiceKeys.messages(conversationId), (data) =>
        data
          ? {
              ...data,
              list: [...data.list.filter((item) => item.seq !== message.seq), message].sort(
                (a, b) => a.seq - b.seq,
              ),
              last_seq: Math.max(data.last_seq, message.seq),
            }
          : data,
      ),
    onError: showError,
  });
}
