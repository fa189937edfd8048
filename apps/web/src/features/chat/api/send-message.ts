import { apiPaths, type SendMessageRequest, type SendMessageResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** The HTTP send, for when the socket is down; a retry with the same client_msg_id is not stored twice. */
export function sendMessage(request: SendMessageRequest): Promise<SendMessageResult> {
  return http.post<SendMessageResult>(apiPaths.chatSend, request, { silent: true }).then(unwrap);
}
