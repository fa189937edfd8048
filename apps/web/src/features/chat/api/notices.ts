import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type ChatNoticeList, type NoticeChannel } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

export const NOTICE_PAGE_SIZE = 30;

export function fetchNotices(channel: NoticeChannel, beforeId: number | null): Promise<ChatNoticeList> {
  return http
    .get<ChatNoticeList>(apiPaths.chatNotices, {
      channel,
      limit: NOTICE_PAGE_SIZE,
      ...(beforeId === null ? {} : { before_id: beforeId }),
    })
    .then(unwrap);
}

/** A notice channel (系统通知, 卖家助手), newest first, older pages by the last id. */
export const noticesQueryOptions = (channel: NoticeChannel) =>
  infiniteQueryOptions({
    queryKey: chatKeys.notices(channel),
    queryFn: ({ pageParam }) => fetchNotices(channel, pageParam),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => (last.has_more ? (last.list.at(-1)?.id ?? undefined) : undefined),
  });

export function useNotices(channel: NoticeChannel) {
  return useInfiniteQuery(noticesQueryOptions(channel));
}
