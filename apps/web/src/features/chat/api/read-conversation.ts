import { apiPaths, type MsgHome, type ReadRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** Marks a conversation read up to a seq over HTTP (the socket's `read` frame when it is up). */
export function readConversation(request: ReadRequest): Promise<MsgHome> {
  return http.post<MsgHome>(apiPaths.chatRead, request, { silent: true }).then(unwrap);
}
