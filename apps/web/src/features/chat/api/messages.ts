import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, chatRules, type History } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

/** Where a history page starts: before a seq (older), after one (catching up), or the latest. */
export type HistoryCursor = { before_seq: number } | { after_seq: number } | null;

export function fetchMessages(
  conversationId: number,
  cursor: HistoryCursor,
  limit?: number,
): Promise<History> {
  return http
    .get<History>(apiPaths.chatMessages, {
      conversation_id: conversationId,
      limit: limit ?? chatRules.historyPageSize,
      ...cursor,
    })
    .then(unwrap);
}

const oldestSeq = (page: History) => page.list[0]?.seq;

/**
 * A conversation's history: the first page is the latest, the next pages go back in time (scrolling
 * up). The socket puts new messages into the first page (chat-session.ts), so the query never needs
 * to refetch on its own.
 */
export const messagesQueryOptions = (conversationId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(conversationId),
    queryFn: ({ pageParam }) =>
      fetchMessages(conversationId, pageParam === null ? null : { before_seq: pageParam }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => {
      const oldest = oldestSeq(last);
      return last.has_more && oldest !== undefined ? oldest : undefined;
    },
    staleTime: Infinity,
  });

export function useMessages(conversationId: number) {
  return useInfiniteQuery(messagesQueryOptions(conversationId));
}
