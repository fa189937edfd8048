import type { ChatNotice } from '@haoshi/contracts';
import type { NotificationRow } from '../notifications/index.ts';

/** An inbox row as the notice channels show it. */
export function toNotice(row: NotificationRow): ChatNotice {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}
