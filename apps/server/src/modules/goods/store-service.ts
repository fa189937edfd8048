import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SellerCard } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { goods, stores } from './tables.ts';
import type { ImageUrl } from './goods-cards.ts';

export type StoreRow = typeof stores.$inferSelect;

export const ratingText = (rating: number) => (rating / 100).toFixed(2);

/** A seller gets a store the first time they publish. */
export async function ensureStore(executor: Executor, userId: number, nickname: string): Promise<void> {
  await executor
    .insert(stores)
    .values({ userId, name: `${nickname}的小店` })
    .onConflictDoNothing();
}

export async function findStore(executor: Executor, userId: number): Promise<StoreRow | undefined> {
  return (await executor.select().from(stores).where(eq(stores.userId, userId)))[0];
}

export async function onSaleCounts(
  executor: Executor,
  sellerIds: readonly number[],
): Promise<Map<number, number>> {
  if (sellerIds.length === 0) return new Map();
  const rows = await executor
    .select({ sellerId: goods.sellerId, value: count() })
    .from(goods)
    .where(and(sql`${goods.status} = 'on_sale'`, inArray(goods.sellerId, [...sellerIds])))
    .groupBy(goods.sellerId);
  return new Map(rows.map((row) => [row.sellerId, row.value]));
}

export function sellerCardOf(store: StoreRow, onSale: number, imageUrl: ImageUrl): SellerCard {
  return {
    id: store.userId,
    store_name: store.name,
    avatar: store.avatar ? imageUrl(store.avatar) : '',
    intro: store.intro,
    rating: ratingText(store.rating),
    deals: store.deals,
    followers: store.followers,
    on_sale: onSale,
    joined_at: store.createdAt.toISOString(),
  };
}

export async function sellerCard(
  executor: Executor,
  sellerId: number,
  imageUrl: ImageUrl,
): Promise<SellerCard | undefined> {
  const store = await findStore(executor, sellerId);
  if (!store) return undefined;
  const counts = await onSaleCounts(executor, [sellerId]);
  return sellerCardOf(store, counts.get(sellerId) ?? 0, imageUrl);
}

/** Stores ranked by deals, then rating, then age. */
export async function topStores(executor: Executor, limit: number): Promise<StoreRow[]> {
  return executor
    .select()
    .from(stores)
    .orderBy(desc(stores.deals), desc(stores.rating), stores.userId)
    .limit(limit);
}

export async function adjustFollowers(executor: Executor, sellerId: number, delta: number): Promise<number> {
  const [row] = await executor
    .update(stores)
    .set({ followers: sql`greatest(${stores.followers} + ${delta}, 0)` })
    .where(eq(stores.userId, sellerId))
    .returning({ followers: stores.followers });
  return row?.followers ?? 0;
}
