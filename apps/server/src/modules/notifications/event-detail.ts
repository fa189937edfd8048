import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { isoOrNull, type DataExportSource } from '../../lib/data-export.ts';
import { notifications } from './tables.ts';
import type { NotificationRow } from './inbox.ts';

/** One message of this user's inbox, marked read; undefined when it is not theirs or not there. */
export async function openNotification(
  executor: Executor,
  userId: number,
  id: number,
  at: Date,
): Promise<NotificationRow | undefined> {
  const mine = and(eq(notifications.id, id), eq(notifications.userId, userId));
  const [row] = await executor.select().from(notifications).where(mine);
  if (!row) return undefined;
  if (row.readAt) return row;
  await executor
    .update(notifications)
    .set({ readAt: at })
    .where(and(mine, isNull(notifications.readAt)));
  return { ...row, readAt: at };
}

export const notificationExportSources: DataExportSource[] = [
  {
    module: 'notifications',
    title: '站内消息',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.id));
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        read_at: isoOrNull(row.readAt),
        created_at: row.createdAt.toISOString(),
      }));
    },
  },
];
