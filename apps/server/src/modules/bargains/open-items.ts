import { and, count, eq, inArray, or } from 'drizzle-orm';
import { openBargainStatuses } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { bargains } from './tables.ts';

/** Bargains the user takes part in, as buyer or seller, that are still open (account cancellation). */
export async function openBargainCountOf(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(bargains)
    .where(
      and(
        or(eq(bargains.buyerId, userId), eq(bargains.sellerId, userId)),
        inArray(bargains.status, [...openBargainStatuses]),
      ),
    );
  return row?.value ?? 0;
}
