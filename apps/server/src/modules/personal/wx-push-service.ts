import { and, asc, desc, eq, sql } from 'drizzle-orm';
import {
  noticeTopicLabels,
  wxPushStatusLabels,
  WX_PUSH_RECENT_LIMIT,
  type NoticeTopic,
  type WxPush,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { builtOnce } from '../../lib/sql-rows.ts';
import type { WrittenNotice } from '../notifications/index.ts';
import { noticeSubscriptions, thirdPartyBindings, wxPushOutbox } from './tables.ts';
import type { WxPushProvider } from './wx-push-provider.ts';

/** The periodic job that hands pending pushes to the provider. */
export const WX_PUSH_DELIVER_JOB = 'wx-push-deliver';
export const WX_PUSH_DELIVER_EVERY_SECONDS = 5;
/** After this many failed attempts a push is marked failed and not tried again. */
export const WX_PUSH_MAX_ATTEMPTS = 5;
const DELIVER_BATCH = 50;
/** Batches one run of the delivery job takes at most. */
const DELIVER_ROUNDS = 40;

/** Which subscription topic an inbox notice's kind belongs to; kinds not listed are never pushed. */
const topicOfKind: Record<string, NoticeTopic> = {
  order: 'order',
  bargain: 'bargain',
  wallet: 'wallet',
  withdrawal: 'wallet',
  deposit: 'wallet',
  security: 'security',
  account: 'security',
  coupon: 'promotion',
  promotion: 'promotion',
};

export const noticeTopicOf = (kind: string): NoticeTopic | undefined =>
  Object.hasOwn(topicOfKind, kind) ? topicOfKind[kind] : undefined;

// Run in every notice's transaction (each order step's): built once, prepared by name.
const wxTargets = builtOnce('wx_push_targets', (executor) =>
  executor
    .select({
      userId: thirdPartyBindings.userId,
      openid: thirdPartyBindings.openid,
      topic: noticeSubscriptions.topic,
      enabled: noticeSubscriptions.enabled,
    })
    .from(thirdPartyBindings)
    .leftJoin(
      noticeSubscriptions,
      and(
        eq(noticeSubscriptions.userId, thirdPartyBindings.userId),
        sql`${noticeSubscriptions.topic} = any(${sql.placeholder('topics')}::text[])`,
      ),
    )
    .where(
      and(
        sql`${thirdPartyBindings.userId} = any(${sql.placeholder('userIds')}::bigint[])`,
        eq(thirdPartyBindings.provider, 'wechat'),
      ),
    ),
);

/**
 * The notice listener: in the notices' transaction, queues a push for each notice whose user has a
 * bound WeChat and whose topic is switched on (a topic never switched is on, as /wxPushInform shows).
 */
export async function queueWxPush(executor: Executor, notices: readonly WrittenNotice[]): Promise<void> {
  const topical = notices.flatMap((notice) => {
    const topic = noticeTopicOf(notice.kind);
    return topic ? [{ notice, topic }] : [];
  });
  if (topical.length === 0) return;
  // One read for all of them: the bound WeChats, and the topics' switches the users set.
  const rows = (
    await wxTargets<{
      user_id: string | number;
      openid: string;
      topic: NoticeTopic | null;
      enabled: boolean | null;
    }>(executor, {
      userIds: [...new Set(topical.map(({ notice }) => notice.userId))],
      topics: [...new Set(topical.map(({ topic }) => topic))],
    })
  ).map((row) => ({
    userId: Number(row.user_id),
    openid: row.openid,
    topic: row.topic,
    enabled: row.enabled,
  }));
  const openids = new Map(rows.map((row) => [row.userId, row.openid]));
  const switchedOff = new Set(
    rows.filter((row) => row.enabled === false).map((row) => `${row.userId}:${row.topic ?? ''}`),
  );
  const pushes = topical.flatMap(({ notice, topic }) => {
    const openid = openids.get(notice.userId);
    if (openid === undefined || switchedOff.has(`${notice.userId}:${topic}`)) return [];
    return [
      {
        userId: notice.userId,
        notificationId: notice.id,
        topic,
        openid,
        title: notice.title,
        body: notice.body,
        link: notice.link,
        createdAt: notice.at,
      },
    ];
  });
  if (pushes.length > 0) await executor.insert(wxPushOutbox).values(pushes).onConflictDoNothing();
}

type PushRow = typeof wxPushOutbox.$inferSelect;

const toPush = (row: PushRow): WxPush => ({
  id: row.id,
  topic: row.topic,
  topic_title: noticeTopicLabels[row.topic].title,
  title: row.title,
  body: row.body,
  link: row.link,
  status: row.status,
  status_label: wxPushStatusLabels[row.status],
  created_at: row.createdAt.toISOString(),
  delivered_at: row.deliveredAt?.toISOString() ?? null,
});

/** WeChat pushes: delivery of the outbox through the provider, and the user's recent pushes. */
export function createWxPushService(deps: { db: Database; provider: WxPushProvider; now: () => Date }) {
  const { db, provider, now } = deps;

  /**
   * Hands a batch of pending pushes to the provider. Rows are taken with `skip locked`, so
   * instances running the job side by side never send one push twice.
   */
  async function deliverPending(): Promise<{ taken: number; delivered: number; failed: number }> {
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(wxPushOutbox)
        .where(eq(wxPushOutbox.status, 'pending'))
        .orderBy(asc(wxPushOutbox.id))
        .limit(DELIVER_BATCH)
        .for('update', { skipLocked: true });
      let delivered = 0;
      let failed = 0;
      for (const row of rows) {
        const outcome = await provider
          .deliver({
            id: row.id,
            openid: row.openid,
            topic: row.topic,
            title: row.title,
            body: row.body,
            link: row.link,
          })
          .catch((error: unknown): { ok: false; error: string } => ({
            ok: false,
            error: error instanceof Error ? error.message : String(error),
          }));
        if (outcome.ok) {
          delivered += 1;
          await tx
            .update(wxPushOutbox)
            .set({ status: 'delivered', attempts: row.attempts + 1, deliveredAt: now(), lastError: '' })
            .where(eq(wxPushOutbox.id, row.id));
          continue;
        }
        const attempts = row.attempts + 1;
        if (attempts >= WX_PUSH_MAX_ATTEMPTS) failed += 1;
        await tx
          .update(wxPushOutbox)
          .set({
            status: attempts >= WX_PUSH_MAX_ATTEMPTS ? 'failed' : 'pending',
            attempts,
            lastError: outcome.error.slice(0, 500),
          })
          .where(eq(wxPushOutbox.id, row.id));
      }
      return { taken: rows.length, delivered, failed };
    });
  }

  /**
   * The delivery job: batch after batch while they come full (up to DELIVER_ROUNDS), so a busy
   * spell's pushes go out now rather than 50 every run (10 a second).
   */
  async function deliverBacklog(): Promise<{ delivered: number; failed: number }> {
    const total = { delivered: 0, failed: 0 };
    for (let round = 0; round < DELIVER_ROUNDS; round++) {
      const { taken, delivered, failed } = await deliverPending();
      total.delivered += delivered;
      total.failed += failed;
      if (taken < DELIVER_BATCH) break;
    }
    return total;
  }

  /** The user's latest pushes, newest first (最近推送 on /wxPushInform). */
  async function recentOf(executor: Executor, userId: number): Promise<WxPush[]> {
    const rows = await executor
      .select()
      .from(wxPushOutbox)
      .where(eq(wxPushOutbox.userId, userId))
      .orderBy(desc(wxPushOutbox.id))
      .limit(WX_PUSH_RECENT_LIMIT);
    return rows.map(toPush);
  }

  return { deliverBacklog, recentOf };
}

export type WxPushService = ReturnType<typeof createWxPushService>;
