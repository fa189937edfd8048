import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type History } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { customerServiceKeys } from '@/core/query-keys';

/**
 * While a session is open and the chat socket is down, its messages are asked again this often
 * (the chat's latest page); with the socket up they arrive as frames.
 */
const MESSAGES_REFRESH_MS = 2000;

export function fetchChatMessages(conversationId: number): Promise<History> {
  return http.get<History>(apiPaths.chatMessages, { conversation_id: conversationId }).then(unwrap);
}

export const chatMessagesQueryOptions = (conversationId: number) =>
  queryOptions({
    queryKey: customerServiceKeys.messages(conversationId),
    queryFn: () => fetchChatMessages(conversationId),
  });

/** The conversation's latest page of messages (chat's HTTP history call). */
export function useChatMessages(conversationId: number | null, live: boolean, socketUp = false) {
  return useQuery({
    ...chatMessagesQueryOptions(conversationId ?? 0),
    enabled: conversationId !== null,
    refetchInterval: live && !socketUp ? MESSAGES_REFRESH_MS : false,
  });
}
