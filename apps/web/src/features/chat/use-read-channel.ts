import { useEffect, useRef } from 'react';
import type { ChatNoticeList, NoticeChannel } from '@haoshi/contracts';
import { useReadNotices } from './api/read-notices';

/** Opening a channel with unread notices marks it read, once per newest notice. */
export function useReadChannel(channel: NoticeChannel, firstPage: ChatNoticeList | undefined): void {
  const read = useReadNotices();
  const marked = useRef(0);
  const newest = firstPage?.list[0];
  const unread = firstPage?.list.some((notice) => !notice.read) ?? false;
  useEffect(() => {
    if (!newest || !unread || marked.current >= newest.id) return;
    marked.current = newest.id;
    read.mutate({ channel, up_to_id: newest.id });
  }, [channel, newest, unread, read]);
}
