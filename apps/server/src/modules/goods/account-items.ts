import { and, count, eq, inArray } from 'drizzle-orm';
import { CANCELLED_USER_NICKNAME, type GoodsStatus } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { goods, stores } from './tables.ts';

/** States in which a listing is, or is about to be, in front of buyers. */
const shelfStates: GoodsStatus[] = ['pending_review', 'on_sale'];

/** The user's listings on sale or waiting for review (account cancellation: take them off first). */
export async function listingsOnShelfCountOf(executor: Executor, sellerId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(goods)
    .where(and(eq(goods.sellerId, sellerId), inArray(goods.status, shelfStates)));
  return row?.value ?? 0;
}

/** A cancelled account's shop front keeps its deals and rating but no longer names or shows its owner. */
export async function anonymiseStore(executor: Executor, userId: number): Promise<void> {
  await executor
    .update(stores)
    .set({ name: CANCELLED_USER_NICKNAME, avatar: '', intro: '' })
    .where(eq(stores.userId, userId));
}
