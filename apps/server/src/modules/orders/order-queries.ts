import { and, count, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { OrderState } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from './order-money.ts';
import { disputes, orders } from './tables.ts';

export type { OrderRow };

/** States after which the buyer keeps the account (a completion, or a dispute released or split). */
export const buyerKeepsStates = ['completed', 'released', 'split'] as const satisfies readonly OrderState[];

/** One order by its number, or undefined. */
export async function findOrderByNo(executor: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await executor.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row;
}

/** Locks one order row in the caller's transaction (serialises what is decided on it). */
export async function lockOrderByNo(tx: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await tx.select().from(orders).where(eq(orders.orderNo, orderNo)).for('update');
  return row;
}

/** What a split dispute refunded the buyer of the order (fen; 0 when no dispute ended in a split). */
export async function splitRefundFen(executor: Executor, orderId: number): Promise<number> {
  const [row] = await executor
    .select({ buyerFen: disputes.buyerFen })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), eq(disputes.outcome, 'split')));
  return row?.buyerFen ?? 0;
}

export async function ordersByIds(
  executor: Executor,
  ids: readonly number[],
): Promise<Map<number, OrderRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor
    .select()
    .from(orders)
    .where(inArray(orders.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** The buyer's orders in which they kept the account, newest completion first, less `excludeIds`. */
export async function keptPurchasesOf(
  executor: Executor,
  buyerId: number,
  query: { page: number; pageSize: number; excludeIds: readonly number[] },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(orders.buyerId, buyerId),
    inArray(orders.state, [...buyerKeepsStates]),
    query.excludeIds.length > 0 ? notInArray(orders.id, [...query.excludeIds]) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    executor
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.completedAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    executor.select({ value: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}
