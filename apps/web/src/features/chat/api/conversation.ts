import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ConversationResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

export function fetchConversation(conversationId: number): Promise<ConversationResult> {
  return http
    .get<ConversationResult>(apiPaths.chatConversation, { conversation_id: conversationId })
    .then(unwrap);
}

export const conversationQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: chatKeys.conversation(conversationId),
    queryFn: () => fetchConversation(conversationId),
  });

export function useConversation(conversationId: number) {
  return useQuery(conversationQueryOptions(conversationId));
}
