import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type ConversationList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

export const CONVERSATION_PAGE_SIZE = 30;

export function fetchConversations(before: string | null): Promise<ConversationList> {
  return http
    .get<ConversationList>(apiPaths.chatConversations, {
      limit: CONVERSATION_PAGE_SIZE,
      ...(before === null ? {} : { before }),
    })
    .then(unwrap);
}

/** The 消息 tab: newest activity first, by cursor; the first page also brings the pinned channels. */
export const conversationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: chatKeys.conversations,
    queryFn: ({ pageParam }) => fetchConversations(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions());
}
