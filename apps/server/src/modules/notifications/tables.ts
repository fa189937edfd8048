import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NoticeChannel } from '@haoshi/contracts';
import { users } from '../identity/tables.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * The user's inbox (站内消息): what happened that concerns them (a bargain answered, …), written in
 * the same transaction as the change it tells of. `link` is an app route to open.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    /** Which pinned chat channel shows it: system notices or the seller helper. */
    channel: text('channel').$type<NoticeChannel>().notNull().default('system'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull().default(''),
    readAt: timestamptz('read_at'),
    /**
     * Written but not yet pushed to the user's open sockets. Only a committed row can be taken by
     * the push job (chat's notice push), so a rolled-back notice is never pushed.
     */
    pushPending: boolean('push_pending').notNull().default(false),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.id.desc()),
    index('notifications_channel_idx').on(table.userId, table.channel, table.id.desc()),
    index('notifications_push_pending_idx')
      .on(table.id)
      .where(sql`${table.pushPending}`),
  ],
);
