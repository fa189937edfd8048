import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ConversationResult, type OpenPrivateRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

export function openPrivate(request: OpenPrivateRequest): Promise<ConversationResult> {
  return http.post<ConversationResult>(apiPaths.chatOpenPrivate, request).then(unwrap);
}

/** Opens (or finds) the private conversation with a user; the answer is cached as that conversation. */
export function useOpenPrivate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: openPrivate,
    onSuccess: (result) => client.setQueryData(chatKeys.conversation(result.conversation.id), result),
  });
}
