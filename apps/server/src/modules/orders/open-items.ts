import { and, count, eq, isNull, notInArray, or } from 'drizzle-orm';
import { orderProcess } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { disputes, orders } from './tables.ts';

/** Orders the user buys or sells that are not over yet, disputes aside (account cancellation). */
export async function openOrderCountOf(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        notInArray(orders.state, [...orderProcess.terminal, 'disputed']),
      ),
    );
  return row?.value ?? 0;
}

/** Disputes (售后) on the user's orders that are not resolved yet (account cancellation). */
export async function openDisputeCountOf(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .where(and(or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)), isNull(disputes.outcome)));
  return row?.value ?? 0;
}
