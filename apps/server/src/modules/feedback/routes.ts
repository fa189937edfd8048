import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, desc, eq, gte } from 'drizzle-orm';
import {
  apiPaths,
  ErrorCodes,
  FEEDBACK_DAILY_LIMIT,
  feedbackItemSchema,
  feedbackRequestSchema,
  pageQuerySchema,
  pageSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { fetchPage } from '../../lib/page.ts';
import { startOfChinaDay } from '../../lib/time.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { UploadService } from '../storage/index.ts';
import { feedback } from './tables.ts';

type FeedbackRow = typeof feedback.$inferSelect;

const toItem = (row: FeedbackRow, imageUrl: (key: string) => string) => ({
  id: row.id,
  category: row.category,
  content: row.content,
  page: row.page,
  status: row.status,
  reply: row.reply,
  images: row.images.map(imageUrl),
  created_at: row.createdAt.toISOString(),
});

/** SPEC §7 POST /app/user/feedback and GET /app/user/feedback/list: a user's own feedback. */
export const feedbackRoutes: FastifyPluginAsyncZod<{
  now: () => Date;
  uploads: UploadService;
  imageUrl: (key: string) => string;
}> = async (app, { now, uploads, imageUrl }) => {
  app.post(
    apiPaths.feedback,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['feedback'],
        summary: '提交意见反馈（每人每天最多20条）',
        body: feedbackRequestSchema,
        response: { 200: envelopeOf(feedbackItemSchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const row = await app.db.transaction(async (tx) => {
        await lockForTransaction(tx, `feedback:${userId}`);
        const [today] = await tx
          .select({ value: count() })
          .from(feedback)
          .where(and(eq(feedback.userId, userId), gte(feedback.createdAt, startOfChinaDay(now()))));
        if ((today?.value ?? 0) >= FEEDBACK_DAILY_LIMIT) {
          throw new AppError(ErrorCodes.RATE_LIMITED, '今日反馈次数已达上限，请明天再试');
        }
        await uploads.confirmOwned(tx, userId, 'feedback', request.body.images);
        const [inserted] = await tx
          .insert(feedback)
          .values({ userId, ...request.body, createdAt: now() })
          .returning();
        return inserted;
      });
      if (!row) throw new AppError(ErrorCodes.INTERNAL_ERROR);
      return ok(toItem(row, imageUrl));
    },
  );

  app.get(
    apiPaths.feedbackList,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['feedback'],
        summary: '我的反馈记录',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(pageSchema(feedbackItemSchema)) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { page, page_size } = request.query;
      const mine = eq(feedback.userId, userId);
      const { rows, total } = await fetchPage(
        page,
        page_size,
        (limit, offset) =>
          app.db
            .select()
            .from(feedback)
            .where(mine)
            .orderBy(desc(feedback.createdAt), desc(feedback.id))
            .limit(limit)
            .offset(offset),
        app.db.select({ value: count() }).from(feedback).where(mine),
      );
      return ok({ list: rows.map((row) => toItem(row, imageUrl)), total, page, page_size });
    },
  );
};
