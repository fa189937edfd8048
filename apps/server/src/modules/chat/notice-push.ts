import type { MsgHome } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import type { JobRunner } from '../jobs/index.ts';
import { takePendingPushes } from '../notifications/index.ts';
import type { ChatBus } from './chat-bus.ts';
import { toNotice } from './notice-view.ts';

/** The periodic job that pushes new inbox notices to open sockets. */
export const NOTICE_PUSH_JOB = 'chat-notice-push';
/** How often it runs (the longest a notice waits before an open socket hears of it). */
export const NOTICE_PUSH_EVERY_SECONDS = 1;
/** Notices taken per statement; a run keeps taking until none is left. */
const BATCH = 200;

/**
 * Live system notices and seller-helper lines. `postSystemNotice` (and every `notify`) writes the
 * inbox row in the caller's transaction with `push_pending`; this job takes only committed rows
 * (a rolled-back notice never exists for it), clears the mark in the same statement and publishes
 * on the chat bus a `notice` frame per row and then the user's `unread` totals. Delivery is at most
 * once and best effort: the inbox is the record, and a client that missed a push reads it on load.
 */
export function pushPendingNotices(deps: {
  db: Database;
  bus: ChatBus;
  unreadTotalsOf: (userIds: readonly number[]) => Promise<Map<number, MsgHome>>;
}): () => Promise<number> {
  const { db, bus, unreadTotalsOf } = deps;
  return async () => {
    let pushed = 0;
    for (;;) {
      const rows = await takePendingPushes(db, BATCH);
      if (rows.length === 0) return pushed;
      pushed += rows.length;
      const users = new Set<number>();
      for (const row of rows) {
        users.add(row.userId);
        bus.publish({ userIds: [row.userId], frame: { type: 'notice', notice: toNotice(row) } });
      }
      for (const [userId, totals] of await unreadTotalsOf([...users]))
        bus.publish({ userIds: [userId], frame: { type: 'unread', totals } });
      if (rows.length < BATCH) return pushed;
    }
  };
}

export function registerNoticePush(jobs: JobRunner, deps: Parameters<typeof pushPendingNotices>[0]): void {
  const push = pushPendingNotices(deps);
  jobs.work(NOTICE_PUSH_JOB, async () => {
    await push();
  });
  jobs.schedule(NOTICE_PUSH_JOB, NOTICE_PUSH_EVERY_SECONDS);
}
