import { and, count, desc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { NoticeChannel } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { preparedRows } from '../../lib/sql-rows.ts';
import { runNoticeListeners } from './notice-listeners.ts';
import { notifications } from './tables.ts';

export interface NotificationInput {
  userId: number;
  /** What it is about, for grouping in the inbox ('bargain', …). */
  kind: string;
  title: string;
  body: string;
  /** The app route that shows the subject. */
  link: string;
  at: Date;
  /** The pinned chat channel that shows it (default: system notices). */
  channel?: NoticeChannel;
}

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Writes one message to a user's inbox, in the caller's transaction; the notice listeners (e.g. the
 * WeChat pushes the user subscribed to) run in the same transaction.
 */
export const notify = (executor: Executor, input: NotificationInput): Promise<void> =>
  notifyAll(executor, [input]);

/** Many notices by one prepared statement, the inputs as parallel arrays (no query building). */
const insertMany = {
  name: 'notifications_insert_many',
  text: `insert into notifications (user_id, kind, channel, title, body, link, push_pending, created_at)
  select user_id, kind, channel, title, body, link, true, created_at
  from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
    with ordinality as notice (user_id, kind, channel, title, body, link, created_at, ord)
  order by ord
  returning id`,
};

/**
 * Writes several messages at once (both parties of an order step): one insert, and each listener
 * sees them together, so that it can read and write once for all of them.
 */
export async function notifyAll(executor: Executor, inputs: readonly NotificationInput[]): Promise<void> {
  if (inputs.length === 0) return;
  const column = <T>(pick: (input: NotificationInput) => T) => inputs.map(pick);
  const rows = await preparedRows<{ id: number | string }>(executor, insertMany.name, insertMany.text, [
    column((input) => input.userId),
    column((input) => input.kind),
    column((input) => input.channel ?? 'system'),
    column((input) => input.title),
    column((input) => input.body),
    column((input) => input.link),
    column((input) => input.at),
  ]);
  // Inserted, and returned, in the order of the input (`order by ord`).
  const written = inputs.flatMap((input, index) => {
    const row = rows[index];
    return row ? [{ ...input, id: Number(row.id) }] : [];
  });
  if (written.length !== inputs.length) throw new Error('notification not inserted');
  await runNoticeListeners(executor, written);
}

/**
 * Takes up to `limit` committed notices still waiting to be pushed live, oldest first, and clears
 * their mark in the same statement (`skip locked`: two instances never take the same row).
 */
export async function takePendingPushes(executor: Executor, limit: number): Promise<NotificationRow[]> {
  const waiting = executor
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.pushPending, true))
    .orderBy(notifications.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await executor
    .update(notifications)
    .set({ pushPending: false })
    .where(inArray(notifications.id, waiting))
    .returning();
  return rows.sort((a, b) => a.id - b.id);
}

/** A user's messages of one kind, newest first. */
export async function notificationsOf(
  executor: Executor,
  userId: number,
  kind: string,
  limit = 50,
): Promise<NotificationRow[]> {
  return executor
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
    .orderBy(desc(notifications.id))
    .limit(limit);
}

/** A page of one channel, newest first, before `beforeId` when given. */
export function noticesOf(
  executor: Executor,
  userId: number,
  query: { channel: NoticeChannel; beforeId?: number; limit: number },
): Promise<NotificationRow[]> {
  return executor
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.channel, query.channel),
        query.beforeId === undefined ? undefined : lt(notifications.id, query.beforeId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit);
}

const noUnreadNotices = (): Record<NoticeChannel, number> => ({ system: 0, seller_helper: 0 });

/** Unread notices per channel of each of `userIds` (every one in the map, zero when none). */
export async function unreadNoticeCountsOf(
  executor: Executor,
  userIds: readonly number[],
): Promise<Map<number, Record<NoticeChannel, number>>> {
  const counts = new Map<number, Record<NoticeChannel, number>>(
    userIds.map((userId) => [userId, noUnreadNotices()]),
  );
  if (userIds.length === 0) return counts;
  const rows = await executor
    .select({ userId: notifications.userId, channel: notifications.channel, value: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...counts.keys()]), isNull(notifications.readAt)))
    .groupBy(notifications.userId, notifications.channel);
  for (const row of rows) {
    const ofUser = counts.get(row.userId);
    if (ofUser) ofUser[row.channel] = row.value;
  }
  return counts;
}

/** Unread messages per channel. */
export async function unreadNoticeCounts(
  executor: Executor,
  userId: number,
): Promise<Record<NoticeChannel, number>> {
  return (await unreadNoticeCountsOf(executor, [userId])).get(userId) ?? noUnreadNotices();
}

/** Marks a channel read (up to `upToId` when given). */
export async function markNoticesRead(
  executor: Executor,
  userId: number,
  input: { channel: NoticeChannel; upToId?: number; at: Date },
): Promise<void> {
  await executor
    .update(notifications)
    .set({ readAt: input.at })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.channel, input.channel),
        isNull(notifications.readAt),
        input.upToId === undefined ? undefined : lte(notifications.id, input.upToId),
      ),
    );
}

/** Deletes a user's inbox (account cancellation's erasure): notices are about the user, for the user. */
export async function eraseInbox(executor: Executor, userId: number): Promise<void> {
  await executor.delete(notifications).where(eq(notifications.userId, userId));
}
