import { and, count, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import {
  buyerTags,
  commentTags,
  ErrorCodes,
  errorMessages,
  EVALUATION_CASHBACK_FEN,
  EVALUATION_CASHBACK_MIN_CHARS,
  EVALUATION_WINDOW_DAYS,
  fenToAmount,
  type CommentTag,
  type EvaluableOrder,
  type Evaluation,
  type EvaluationMain,
  type EvaluationRole,
  type MyEvaluations,
  type ReceivedEvaluations,
  type SubmitEvaluationInput,
  type SubmitEvaluationResult,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { recordOrderComment, type ImageUrl } from '../goods/index.ts';
import { AppError } from '../../lib/errors.ts';
import { addSeconds } from '../../lib/time.ts';
import { profilesOf } from '../identity/index.ts';
import { ledger } from '../ledger/index.ts';
import { orders } from '../orders/index.ts';
import { evaluationCashbacks, evaluations } from './tables.ts';

type OrderRow = typeof orders.$inferSelect;
type EvaluationRow = typeof evaluations.$inferSelect;

const WINDOW_SECONDS = EVALUATION_WINDOW_DAYS * 24 * 3600;
const PENDING_EVALUATIONS_LIMIT = 20;

const maskName = (name: string) => {
  const chars = Array.from(name);
  return chars.length <= 1 ? `${name}*` : `${chars[0] ?? ''}***${chars.at(-1) ?? ''}`;
};

/** Characters as a reader counts them (an emoji is one). */
const lengthOf = (text: string) => Array.from(text.trim()).length;

/**
 * Evaluations (issue 11 G). A party evaluates the other once per completed order within
 * EVALUATION_WINDOW_DAYS; the buyer's evaluation with enough text earns the 评价返现, paid from
 * promotion_revenue through the ledger in the same transaction, once per order (the primary key of
 * evaluation_cashbacks and the ledger's idempotency key both say so).
 */
export function createEvaluationService(deps: { db: Database; now: () => Date; imageUrl: ImageUrl }) {
  const { db, now, imageUrl } = deps;

  const roleOf = (order: OrderRow, userId: number): EvaluationRole | null =>
    order.buyerId === userId ? 'buyer' : order.sellerId === userId ? 'seller' : null;

  const evaluateBy = (order: OrderRow) =>
    order.completedAt ? addSeconds(order.completedAt, WINDOW_SECONDS) : null;

  /** Why `role` cannot evaluate the order now (null: it can). */
  function refusal(order: OrderRow, mine: EvaluationRow | undefined) {
    if (mine) return ErrorCodes.EVALUATION_EXISTS;
    if (order.state !== 'completed') return ErrorCodes.EVALUATION_NOT_ALLOWED;
    const by = evaluateBy(order);
    if (!by || by.getTime() <= now().getTime()) return ErrorCodes.EVALUATION_WINDOW_CLOSED;
    return null;
  }

  async function toEvaluations(
    rows: EvaluationRow[],
    titles: Map<number, { no: string | null; title: string }>,
  ) {
    const profiles = await profilesOf(
      db,
      rows.map((row) => row.authorId),
    );
    return new Map<number, Evaluation>(
      rows.map((row) => [
        row.id,
        {
          id: row.id,
          order_no: titles.get(row.orderId)?.no ?? null,
          author_role: row.authorRole,
          author_name: maskName(profiles.get(row.authorId)?.nickname ?? '用户'),
          stars: row.stars,
          service_stars: row.serviceStars,
          tags: row.tags,
          content: row.content,
          goods_title: titles.get(row.orderId)?.title ?? '',
          created_at: row.createdAt.toISOString(),
        },
      ]),
    );
  }

  /** The viewer's view of each order (they must be a party of each). */
  async function views(userId: number, rows: OrderRow[]): Promise<EvaluableOrder[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [written, cashbacks] = await Promise.all([
      db.select().from(evaluations).where(inArray(evaluations.orderId, ids)),
      db.select().from(evaluationCashbacks).where(inArray(evaluationCashbacks.orderId, ids)),
    ]);
    const titles = new Map(rows.map((row) => [row.id, { no: row.orderNo, title: row.goodsCard.title }]));
    const shown = await toEvaluations(written, titles);
    return rows.map((order) => {
      const role = roleOf(order, userId) ?? 'buyer';
      const mineRow = written.find((row) => row.orderId === order.id && row.authorRole === role);
      const theirsRow = written.find((row) => row.orderId === order.id && row.authorRole !== role);
      const code = refusal(order, mineRow);
      const cashback = cashbacks.find((row) => row.orderId === order.id);
      return {
        order_no: order.orderNo,
        goods: order.goodsCard,
        role,
        completed_at: (order.completedAt ?? order.updatedAt).toISOString(),
        evaluate_by: (evaluateBy(order) ?? order.updatedAt).toISOString(),
        can_evaluate: code === null,
        reason: code === null ? '' : errorMessages[code],
        mine: mineRow ? (shown.get(mineRow.id) ?? null) : null,
        theirs: theirsRow ? (shown.get(theirsRow.id) ?? null) : null,
        cashback:
          role === 'buyer'
            ? {
                amount: fenToAmount(cashback?.amountFen ?? EVALUATION_CASHBACK_FEN),
                min_chars: EVALUATION_CASHBACK_MIN_CHARS,
                status: cashback ? 'paid' : 'none',
                paid_at: cashback ? cashback.createdAt.toISOString() : null,
              }
            : null,
      };
    });
  }

  const partyOf = (userId: number) => or(eq(orders.buyerId, userId), eq(orders.sellerId, userId));

  /** Completed orders of the viewer still in the window and not evaluated by them. */
  const todoWhere = (userId: number) =>
    and(
      partyOf(userId),
      eq(orders.state, 'completed'),
      gt(orders.completedAt, addSeconds(now(), -WINDOW_SECONDS)),
      sql`not exists (select 1 from ${evaluations} where ${evaluations.orderId} = ${orders.id} and ${evaluations.authorId} = ${userId})`,
    );

  async function orderFor(userId: number, orderNo: string): Promise<OrderRow> {
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!order || !roleOf(order, userId)) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    return order;
  }

  async function main(userId: number, orderNo: string | undefined): Promise<EvaluationMain> {
    const order = orderNo ? await orderFor(userId, orderNo) : null;
    const todoRows = await db
      .select()
      .from(orders)
      .where(todoWhere(userId))
      .orderBy(orders.completedAt, orders.id)
      .limit(PENDING_EVALUATIONS_LIMIT);
    const [asked] = order ? await views(userId, [order]) : [];
    return {
      order: asked ?? null,
      todo: await views(userId, todoRows),
      offer: {
        amount: fenToAmount(EVALUATION_CASHBACK_FEN),
        min_chars: EVALUATION_CASHBACK_MIN_CHARS,
        window_days: EVALUATION_WINDOW_DAYS,
      },
    };
  }

  /** Pays the 评价返现 of a locked order; false when it was paid already. */
  async function payCashback(tx: Executor, order: OrderRow): Promise<boolean> {
    const transfer = await ledger.post(tx, {
      debit: { kind: 'promotion_revenue' },
      credit: { kind: 'user_available', userId: order.buyerId },
      amount: EVALUATION_CASHBACK_FEN,
      kind: 'promotion.evaluation_cashback',
      reference: { type: 'order', id: order.id },
      idempotencyKey: `evaluation-cashback:${order.id}`,
      metadata: { order_no: order.orderNo },
    });
    if (transfer.replayed) return false;
    await tx.insert(evaluationCashbacks).values({
      orderId: order.id,
      userId: order.buyerId,
      amountFen: EVALUATION_CASHBACK_FEN,
      transferId: transfer.id,
      createdAt: now(),
    });
    return true;
  }

  async function submit(userId: number, input: SubmitEvaluationInput): Promise<SubmitEvaluationResult> {
    const cashbackPaid = await db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.orderNo, input.order_no)).for('update');
      const role = order && roleOf(order, userId);
      if (!order || !role) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
      const allowedTags: readonly string[] = role === 'buyer' ? commentTags : buyerTags;
      if (input.tags.some((tag) => !allowedTags.includes(tag)))
        throw new AppError(ErrorCodes.VALIDATION_FAILED, '标签无效，请重新选择', { field: 'tags' });
      const [mine] = await tx
        .select()
        .from(evaluations)
        .where(and(eq(evaluations.orderId, order.id), eq(evaluations.authorRole, role)));
      const code = refusal(order, mine);
      if (code !== null) throw new AppError(code);
      const tags = [...new Set(input.tags)];
      await tx.insert(evaluations).values({
        orderId: order.id,
        goodsId: order.goodsId,
        authorId: userId,
        authorRole: role,
        subjectId: role === 'buyer' ? order.sellerId : order.buyerId,
        stars: input.stars,
        serviceStars: input.service_stars,
        tags,
        content: input.content,
        createdAt: now(),
      });
      // Only a buyer's evaluation of a completed order becomes a comment on the listing pages.
      if (role === 'buyer')
        await recordOrderComment(tx, {
          orderId: order.id,
          sellerId: order.sellerId,
          goodsId: order.goodsId,
          buyerId: userId,
          rating: input.stars,
          content: input.content,
          tags: tags.filter((tag): tag is CommentTag => (commentTags as readonly string[]).includes(tag)),
          createdAt: now(),
        });
      return role === 'buyer' && lengthOf(input.content) >= EVALUATION_CASHBACK_MIN_CHARS
        ? payCashback(tx, order)
        : false;
    });
    const order = await orderFor(userId, input.order_no);
    const [view] = await views(userId, [order]);
    if (!view) throw new Error('evaluations: the order vanished');
    return { order: view, cashback_paid: cashbackPaid };
  }

  async function mine(
    userId: number,
    query: { tab: 'todo' | 'done'; page: number; page_size: number },
  ): Promise<MyEvaluations> {
    const where =
      query.tab === 'todo'
        ? todoWhere(userId)
        : and(
            partyOf(userId),
            sql`exists (select 1 from ${evaluations} where ${evaluations.orderId} = ${orders.id} and ${evaluations.authorId} = ${userId})`,
          );
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(orders)
        .where(where)
        .orderBy(query.tab === 'todo' ? orders.completedAt : desc(orders.completedAt), desc(orders.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ value: count() }).from(orders).where(where),
    ]);
    return {
      list: await views(userId, rows),
      total: total?.value ?? 0,
      page: query.page,
      page_size: query.page_size,
    };
  }

  /** A user's received evaluations, as `viewerId` (undefined: anonymous) may read them. */
  async function received(
    query: {
      user_id: number;
      role?: EvaluationRole | undefined;
      page: number;
      page_size: number;
    },
    viewerId: number | undefined,
  ): Promise<ReceivedEvaluations> {
    const profile = (await profilesOf(db, [query.user_id])).get(query.user_id);
    if (!profile) throw new AppError(ErrorCodes.NOT_FOUND, '用户不存在');
    const where = and(
      eq(evaluations.subjectId, query.user_id),
      query.role ? eq(evaluations.authorRole, query.role) : undefined,
    );
    const [rows, [total], stars] = await Promise.all([
      db
        .select({
          evaluation: evaluations,
          orderNo: orders.orderNo,
          buyerId: orders.buyerId,
          sellerId: orders.sellerId,
          title: sql<string>`${orders.goodsCard}->>'title'`,
        })
        .from(evaluations)
        .innerJoin(orders, eq(orders.id, evaluations.orderId))
        .where(where)
        .orderBy(desc(evaluations.createdAt), desc(evaluations.id))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size),
      db.select({ value: count() }).from(evaluations).where(where),
      db
        .select({ stars: evaluations.stars, value: count() })
        .from(evaluations)
        .where(where)
        .groupBy(evaluations.stars),
    ]);
    const titles = new Map(
      rows.map((row) => {
        const party = viewerId === row.buyerId || viewerId === row.sellerId;
        // A seller's evaluation is of the buyer: beside this page's owner, the title would say who
        // owns that account now. What a seller sold was on sale in public.
        const titleShown = party || row.evaluation.authorRole === 'buyer';
        return [
          row.evaluation.orderId,
          { no: party ? row.orderNo : null, title: titleShown ? row.title : '' },
        ];
      }),
    );
    const shown = await toEvaluations(
      rows.map((row) => row.evaluation),
      titles,
    );
    const starCounts = [1, 2, 3, 4, 5].map((star) => stars.find((row) => row.stars === star)?.value ?? 0);
    const votes = starCounts.reduce((sum, value) => sum + value, 0);
    const points = starCounts.reduce((sum, value, index) => sum + value * (index + 1), 0);
    return {
      list: rows.flatMap((row) => shown.get(row.evaluation.id) ?? []),
      total: total?.value ?? 0,
      page: query.page,
      page_size: query.page_size,
      user: {
        id: query.user_id,
        nickname: profile.nickname,
        avatar: profile.avatar ? imageUrl(profile.avatar) : '',
      },
      rating: votes === 0 ? '5.00' : (points / votes).toFixed(2),
      stars: starCounts,
    };
  }

  return { main, submit, mine, received };
}

export type EvaluationService = ReturnType<typeof createEvaluationService>;
