import { eq } from 'drizzle-orm';
import {
  ErrorCodes,
  noticeTopicLabels,
  noticeTopics,
  type NoticeTopic,
  type WxNotice,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { BindingService } from './binding-service.ts';
import { noticeSubscriptions } from './tables.ts';
import type { WxPushService } from './wx-push-service.ts';

/** WeChat notices (微信推送通知): per-topic switches; turning one on needs a bound WeChat. */
export function createNoticeSubscriptions(deps: {
  db: Database;
  bindings: BindingService;
  pushes: WxPushService;
  now: () => Date;
}) {
  const { db, now } = deps;

  async function state(userId: number): Promise<WxNotice> {
    const [rows, wechatBound, recent] = await Promise.all([
      db.select().from(noticeSubscriptions).where(eq(noticeSubscriptions.userId, userId)),
      deps.bindings.isBound(db, userId, 'wechat'),
      deps.pushes.recentOf(db, userId),
    ]);
    return {
      wechat_bound: wechatBound,
      recent_pushes: recent,
      topics: noticeTopics.map((topic) => ({
        topic,
        ...noticeTopicLabels[topic],
        enabled: rows.find((row) => row.topic === topic)?.enabled ?? true,
      })),
    };
  }

  return {
    state,
    async set(userId: number, topic: NoticeTopic, enabled: boolean): Promise<WxNotice> {
      if (enabled && !(await deps.bindings.isBound(db, userId, 'wechat')))
        throw new AppError(ErrorCodes.WECHAT_NOT_BOUND);
      await db
        .insert(noticeSubscriptions)
        .values({ userId, topic, enabled, updatedAt: now() })
        .onConflictDoUpdate({
          target: [noticeSubscriptions.userId, noticeSubscriptions.topic],
          set: { enabled, updatedAt: now() },
        });
      return state(userId);
    },
  };
}

export type NoticeSubscriptions = ReturnType<typeof createNoticeSubscriptions>;
