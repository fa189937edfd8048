import { and, avg, count, desc, eq } from 'drizzle-orm';
import {
  ErrorCodes,
  type PageQuery,
  type ServiceRating,
  type ServiceRatingPage,
  type ServiceRatingRequest,
  type ServiceReplyRequest,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fetchPage } from '../../lib/page.ts';
import { rolesOf, usersByIds } from '../identity/index.ts';
import { staffName } from './staff-name.ts';
import { serviceRatings, serviceSessions } from './tables.ts';

type RatingRow = typeof serviceRatings.$inferSelect;

async function toRatings(executor: Executor, rows: RatingRow[]): Promise<ServiceRating[]> {
  const names = await usersByIds(
    executor,
    rows.map((row) => row.staffId),
  );
  return rows.map((row) => ({
    id: row.id,
    session_id: row.sessionId,
    score: row.score,
    tags: row.tags,
    content: row.content,
    resolved: row.resolved,
    staff: { id: row.staffId, nickname: staffName(names.get(row.staffId)?.nickname ?? '') },
    reply: row.reply,
    created_at: row.createdAt.toISOString(),
  }));
}

export async function ratingOfSession(executor: Executor, sessionId: number): Promise<ServiceRating | null> {
  const rows = await executor.select().from(serviceRatings).where(eq(serviceRatings.sessionId, sessionId));
  return (await toRatings(executor, rows))[0] ?? null;
}

/** Ratings of customer-service sessions: the user rates a served session once; its staff answers once. */
export function createRatingService(deps: { db: Database; now: () => Date }) {
  const { db, now } = deps;

  async function pageOf(where: ReturnType<typeof eq>, query: PageQuery): Promise<ServiceRatingPage> {
    const { rows, total } = await fetchPage(
      query.page,
      query.page_size,
      (limit, offset) =>
        db
          .select()
          .from(serviceRatings)
          .where(where)
          .orderBy(desc(serviceRatings.createdAt), desc(serviceRatings.id))
          .limit(limit)
          .offset(offset),
      db.select({ value: count() }).from(serviceRatings).where(where),
    );
    const [average] = await db
      .select({ value: avg(serviceRatings.score) })
      .from(serviceRatings)
      .where(where);
    return {
      list: await toRatings(db, rows),
      total,
      page: query.page,
      page_size: query.page_size,
      average: Number(average?.value ?? 0).toFixed(1),
    };
  }

  return {
    /** POST /app/customer_service/comment. */
    async rate(userId: number, body: ServiceRatingRequest): Promise<ServiceRating> {
      return db.transaction(async (tx) => {
        const [session] = await tx
          .select()
          .from(serviceSessions)
          .where(eq(serviceSessions.id, body.session_id))
          .for('update');
        // Another user's session is answered like a wrong id.
        if (!session || session.userId !== userId) throw new AppError(ErrorCodes.SERVICE_SESSION_NOT_FOUND);
        if (session.status !== 'closed' || !session.served || session.staffId === null)
          throw new AppError(ErrorCodes.SERVICE_RATING_NOT_ALLOWED);
        const [row] = await tx
          .insert(serviceRatings)
          .values({
            sessionId: session.id,
            userId,
            staffId: session.staffId,
            score: body.score,
            tags: [...new Set(body.tags ?? [])],
            content: body.content ?? '',
            resolved: body.resolved ?? false,
            createdAt: now(),
          })
          .onConflictDoNothing({ target: serviceRatings.sessionId })
          .returning();
        if (!row) throw new AppError(ErrorCodes.SERVICE_ALREADY_RATED);
        const [rating] = await toRatings(tx, [row]);
        if (!rating) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        return rating;
      });
    },

    /** GET /app/customer_service/comment/page: the user's own ratings. */
    userPage: (userId: number, query: PageQuery) => pageOf(eq(serviceRatings.userId, userId), query),

    /** GET /app/service/comment/page: the ratings of sessions the staff member served. */
    async staffPage(staffId: number, query: PageQuery): Promise<ServiceRatingPage> {
      if (!(await rolesOf(db, staffId)).includes('customer_service'))
        throw new AppError(ErrorCodes.SERVICE_STAFF_ONLY);
      return pageOf(eq(serviceRatings.staffId, staffId), query);
    },

    /** POST /app/service/comment: the staff member who was rated answers the rating, once. */
    async reply(staffId: number, body: ServiceReplyRequest): Promise<ServiceRating> {
      return db.transaction(async (tx) => {
        if (!(await rolesOf(tx, staffId)).includes('customer_service'))
          throw new AppError(ErrorCodes.SERVICE_STAFF_ONLY);
        const [row] = await tx
          .update(serviceRatings)
          .set({ reply: body.reply, repliedAt: now() })
          .where(
            and(
              eq(serviceRatings.id, body.id),
              eq(serviceRatings.staffId, staffId),
              eq(serviceRatings.reply, ''),
            ),
          )
          .returning();
        if (!row) {
          const [existing] = await tx
            .select()
            .from(serviceRatings)
            .where(and(eq(serviceRatings.id, body.id), eq(serviceRatings.staffId, staffId)));
          throw new AppError(
            existing ? ErrorCodes.SERVICE_ALREADY_REPLIED : ErrorCodes.SERVICE_RATING_NOT_FOUND,
          );
        }
        const [rating] = await toRatings(tx, [row]);
        if (!rating) throw new AppError(ErrorCodes.INTERNAL_ERROR);
        return rating;
      });
    },
  };
}

export type RatingService = ReturnType<typeof createRatingService>;
