import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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
}

export type NotificationRow = typeof notifications.$inferSelect;

/** Writes one message to a user's inbox, in the caller's transaction. */
export async function notify(executor: Executor, input: NotificationInput): Promise<void> {
  await executor.insert(notifications).values({
    userId: input.userId,
    kind: input.kind,
    title: input.title,
    body: input.body,
    link: input.link,
    createdAt: input.at,
  });
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
