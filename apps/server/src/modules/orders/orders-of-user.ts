import { and, count, desc, eq, or } from 'drizzle-orm';
import type { GoodsCard, OrderState } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { orders } from './tables.ts';

/** An order as another module may show it to one of its two parties. */
export interface OrderOfUser {
  id: number;
  orderNo: string;
  state: OrderState;
  priceFen: number;
  goods: GoodsCard;
  role: 'buyer' | 'seller';
  createdAt: Date;
}

const partyOf = (userId: number) => or(eq(orders.buyerId, userId), eq(orders.sellerId, userId));

const toOrderOfUser = (row: typeof orders.$inferSelect, userId: number): OrderOfUser => ({
  id: row.id,
  orderNo: row.orderNo,
  state: row.state,
  priceFen: row.priceFen,
  goods: row.goodsCard,
  role: row.buyerId === userId ? 'buyer' : 'seller',
  createdAt: row.createdAt,
});

/** The orders a user bought or sold in, newest first, one page of them and their total. */
export async function ordersOfUser(
  executor: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ list: OrderOfUser[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    executor
      .select()
      .from(orders)
      .where(partyOf(userId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit)
      .offset(page.offset),
    executor.select({ value: count() }).from(orders).where(partyOf(userId)),
  ]);
  return { list: rows.map((row) => toOrderOfUser(row, userId)), total: counted?.value ?? 0 };
}

/** One order of the user's (as buyer or seller); undefined for another's order or a wrong id. */
export async function orderOfUser(
  executor: Executor,
  userId: number,
  orderId: number,
): Promise<OrderOfUser | undefined> {
  const [row] = await executor
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), partyOf(userId)));
  return row ? toOrderOfUser(row, userId) : undefined;
}
