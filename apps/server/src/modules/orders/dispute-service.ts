import { and, count, desc, eq, isNotNull, isNull, like } from 'drizzle-orm';
import {
  disputeOutcomeActions,
  disputeReasonLabels,
  ErrorCodes,
  splitShares,
  fenToAmount,
  type DisputeList,
  type DisputeMessageInput,
  type DisputeReason,
  type DisputeStaffListInput,
  type OpenDisputeInput,
  type OrderRole,
  type ResolveDisputeInput,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OrderListings } from '../goods/index.ts';
import { rolesOf } from '../identity/index.ts';
import { finishedUploadPurpose } from '../storage/index.ts';
import { splitEscrow } from './dispute-money.ts';
import type { OrderRow } from './order-money.ts';
import { roleIn, type OrderService } from './order-service.ts';
import { disputeMessages, disputes, orders } from './tables.ts';

export type DisputeRow = typeof disputes.$inferSelect;

/**
 * After-sales disputes (issue 11 F): the order's `dispute` and `resolve_*` steps of the engine, the
 * dispute record and its thread, and a split's money. Every change is one transaction with the
 * order's state change; a refusal writes nothing.
 */
/**
 * Opens the order's dispute in the caller's transaction: the `dispute` step (the table says who may,
 * from where) and its record. Evidence is the caller's to check.
 */
export async function recordDispute(
  tx: Executor,
  orderService: Pick<OrderService, 'step'>,
  order: OrderRow,
  opener: { role: OrderRole; userId: number },
  input: { reason: DisputeReason; description: string; images: string[]; at: Date },
): Promise<OrderRow> {
  const disputed = await orderService.step(tx, order, 'dispute', opener, disputeReasonLabels[input.reason]);
  await tx.insert(disputes).values({
    orderId: order.id,
    openedBy: opener.role,
    openerId: opener.userId,
    reason: input.reason,
    description: input.description,
    images: input.images,
    createdAt: input.at,
  });
  return disputed;
}

export function createDisputeService(deps: {
  db: Database;
  now: () => Date;
  orders: OrderService;
  listings: OrderListings;
}) {
  const { db, now, orders: orderService, listings } = deps;

  const lockOrder = async (tx: Executor, orderNo: string) => {
    const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
    if (!row) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    return row;
  };

  const disputeOf = async (executor: Executor, orderId: number) => {
    const [row] = await executor.select().from(disputes).where(eq(disputes.orderId, orderId));
    if (!row) throw new AppError(ErrorCodes.DISPUTE_NOT_FOUND);
    return row;
  };

  /** Evidence must be the writer's own finished uploads made for a dispute. */
  async function checkEvidence(tx: Executor, userId: number, keys: readonly string[]) {
    for (const key of new Set(keys)) {
      if ((await finishedUploadPurpose(tx, { userId, key })) !== 'dispute')
        throw new AppError(ErrorCodes.DISPUTE_EVIDENCE_INVALID, undefined, { field: 'images' });
    }
  }

  const isStaff = async (userId: number) => (await rolesOf(db, userId)).includes('customer_service');

  async function open(userId: number, input: OpenDisputeInput): Promise<OrderRow> {
    const { images } = input;
    return changingListings(() =>
      db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.order_no);
        const role = await roleIn(tx, order, userId);
        await checkEvidence(tx, userId, images);
        return recordDispute(tx, orderService, order, { role, userId }, { ...input, at: now() });
      }),
    );
  }

  async function message(userId: number, input: DisputeMessageInput): Promise<OrderRow> {
    const { images } = input;
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, input.order_no);
      const role = await roleIn(tx, order, userId);
      const dispute = await disputeOf(tx, order.id);
      if (dispute.resolvedAt) throw new AppError(ErrorCodes.DISPUTE_CLOSED);
      await checkEvidence(tx, userId, images);
      await tx.insert(disputeMessages).values({
        disputeId: dispute.id,
        authorId: userId,
        authorRole: role,
        content: input.content,
        images,
        createdAt: now(),
      });
      return order;
    });
  }

  /**
   * Customer service settles a dispute: refund (escrow → buyer, listing back on sale), release
   * (escrow → seller minus the fees, listing sold) or split (escrow divided as entered, listing sold).
   */
  async function resolve(staffId: number, input: ResolveDisputeInput): Promise<OrderRow> {
    if (!(await isStaff(staffId))) throw new AppError(ErrorCodes.FORBIDDEN);
    return changingListings(() =>
      db.transaction(async (tx) => {
        const order = await lockOrder(tx, input.order_no);
        const dispute = await disputeOf(tx, order.id);
        const actor = { role: 'customer_service', userId: staffId } as const;
        const at = now();
        // The state answers first (a dispute resolved already); the split's amounts after it (the
        // transaction rolls the step back with them).
        let resolved = await orderService.step(
          tx,
          order,
          disputeOutcomeActions[input.outcome],
          actor,
          input.reason,
        );
        const shares =
          input.outcome === 'split'
            ? splitShares(order, input.buyer_amount ?? 0, input.seller_amount ?? 0)
            : null;
        if (input.outcome === 'split' && !shares)
          throw new AppError(ErrorCodes.DISPUTE_SPLIT_INVALID, undefined, { field: 'buyer_amount' });
        let settled = { buyerFen: 0, sellerFen: 0, feeFen: 0 };
        if (input.outcome === 'refund') settled = { buyerFen: order.payableFen, sellerFen: 0, feeFen: 0 };
        if (input.outcome === 'release')
          settled = {
            buyerFen: 0,
            sellerFen: order.escrowFen,
            feeFen: order.escrowFen - order.sellerIncomeFen,
          };
        if (shares) {
          await splitEscrow(tx, order, shares);
          await listings.release(tx, order.goodsId, 'sell', order.orderNo);
          const [written] = await tx
            .update(orders)
            .set({ escrowFen: 0, completedAt: at, updatedAt: at })
            .where(eq(orders.id, order.id))
            .returning();
          if (written) resolved = written;
          settled = {
            buyerFen: shares.buyerFen,
            sellerFen: order.escrowFen - shares.buyerFen,
            feeFen: shares.platformFeeFen + shares.guaranteeFeeFen,
          };
        }
        await tx
          .update(disputes)
          .set({
            outcome: input.outcome,
            ...settled,
            resolution: input.reason,
            resolverId: staffId,
            resolvedAt: at,
          })
          .where(and(eq(disputes.id, dispute.id), isNull(disputes.resolvedAt)));
        return resolved;
      }),
    );
  }

  async function changingListings<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    listings.changed();
    return result;
  }

  async function staffList(staffId: number, query: DisputeStaffListInput): Promise<DisputeList> {
    if (!(await isStaff(staffId))) throw new AppError(ErrorCodes.FORBIDDEN);
    const { page, page_size: pageSize, state } = query;
    const prefix = query.q?.toUpperCase().replace(/[%_\\]/g, '');
    const where = and(
      state === 'open' ? isNull(disputes.resolvedAt) : isNotNull(disputes.resolvedAt),
      prefix ? like(orders.orderNo, `${prefix}%`) : undefined,
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({ dispute: disputes, order: orders })
        .from(disputes)
        .innerJoin(orders, eq(orders.id, disputes.orderId))
        .where(where)
        .orderBy(state === 'open' ? disputes.createdAt : desc(disputes.resolvedAt), disputes.id)
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db
        .select({ value: count() })
        .from(disputes)
        .innerJoin(orders, eq(orders.id, disputes.orderId))
        .where(where),
    ]);
    return {
      list: rows.map(({ dispute, order }) => ({
        order_no: order.orderNo,
        goods_title: order.goodsCard.title,
        payable: fenToAmount(order.payableFen),
        escrow: fenToAmount(order.escrowFen),
        state: dispute.resolvedAt ? 'resolved' : 'open',
        opened_by: dispute.openedBy,
        reason_label: disputeReasonLabels[dispute.reason],
        created_at: dispute.createdAt.toISOString(),
        can_resolve: !dispute.resolvedAt && order.buyerId !== staffId && order.sellerId !== staffId,
      })),
      total: total?.value ?? 0,
      page,
      page_size: pageSize,
    };
  }

  /** The order, the viewer's role in it and its dispute (parties and customer service only). */
  async function forViewer(
    userId: number,
    orderNo: string,
  ): Promise<{ order: OrderRow; role: OrderRole; dispute: DisputeRow }> {
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!order) throw new AppError(ErrorCodes.ORDER_NOT_FOUND);
    const role = await roleIn(db, order, userId);
    return { order, role, dispute: await disputeOf(db, order.id) };
  }

  const messagesOf = (disputeId: number) =>
    db
      .select()
      .from(disputeMessages)
      .where(eq(disputeMessages.disputeId, disputeId))
      .orderBy(disputeMessages.id);

  return { open, message, resolve, staffList, forViewer, messagesOf };
}

export type DisputeService = ReturnType<typeof createDisputeService>;
