import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  goodsStatusLabels,
  type GoodsStatus,
  type Page,
  type SavedGoodsItem,
  type Visitor,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { fetchPage } from '../../lib/page.ts';
import { profilesOf } from '../identity/index.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { goods, goodsFavourites, goodsFootprints, storeFollows, stores } from './tables.ts';
import { cardsByIds, goodsRow } from './goods-repo.ts';
import { toCard, type ImageUrl } from './goods-cards.ts';
import { HEAT_PER_FAVOURITE } from './listing-fields.ts';
import { adjustFollowers, findStore, onSaleCounts, ratingText } from './store-service.ts';

/** Favourites (收藏), footprints (足迹) and their other side, visitors (访客), and followed stores (关注). */

const publicStatuses: readonly GoodsStatus[] = ['on_sale', 'locked', 'sold'];
export const isPublic = (status: GoodsStatus) => publicStatuses.includes(status);
/** Drafts, listings in review and withdrawn ones exist for their seller only; others get 3001. */
export const listingVisibleTo = (
  listing: { status: GoodsStatus; sellerId: number },
  viewerId: number | undefined,
) => listing.sellerId === viewerId || isPublic(listing.status);

export async function recordVisit(
  executor: Executor,
  userId: number,
  goodsId: number,
  sellerId: number,
  at: Date,
): Promise<void> {
  await executor
    .insert(goodsFootprints)
    .values({ userId, goodsId, sellerId, visits: 1, lastVisitedAt: at })
    .onConflictDoUpdate({
      target: [goodsFootprints.userId, goodsFootprints.goodsId],
      set: { visits: sql`${goodsFootprints.visits} + 1`, lastVisitedAt: at },
    });
}

export async function isSaved(executor: Executor, userId: number, goodsId: number): Promise<boolean> {
  const rows = await executor
    .select({ goodsId: goodsFavourites.goodsId })
    .from(goodsFavourites)
    .where(and(eq(goodsFavourites.userId, userId), eq(goodsFavourites.goodsId, goodsId)));
  return rows.length > 0;
}

export interface InteractionService {
  save(userId: number, goodsId: number, save: boolean): Promise<{ saved: boolean; favourites: number }>;
  saveStatus(userId: number | undefined, goodsId: number): Promise<{ saved: boolean; favourites: number }>;
  favourites(userId: number, page: number, pageSize: number): Promise<Page<SavedGoodsItem>>;
  footprints(userId: number, page: number, pageSize: number): Promise<Page<SavedGoodsItem>>;
  visitors(sellerId: number, page: number, pageSize: number): Promise<Page<Visitor>>;
  follow(
    userId: number,
    sellerId: number,
    follow: boolean,
  ): Promise<{ following: boolean; followers: number }>;
  following(userId: number, sellerId: number): Promise<boolean>;
  followedStores(userId: number, page: number, pageSize: number): Promise<Page<FollowedStore>>;
}

export interface FollowedStore {
  seller_id: number;
  store_name: string;
  avatar: string;
  rating: string;
  on_sale: number;
  followers: number;
  followed_at: string;
}

export function createInteractionService(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  now: () => Date;
  onChange: () => void;
}): InteractionService {
  const { db, catalogue, imageUrl, now, onChange } = options;

  async function savedItems(entries: { goodsId: number; at: Date }[]): Promise<SavedGoodsItem[]> {
    const [rows, lookup] = await Promise.all([
      cardsByIds(
        db,
        entries.map((entry) => entry.goodsId),
      ),
      catalogue.lookup(),
    ]);
    const at = new Map(entries.map((entry) => [entry.goodsId, entry.at]));
    return rows.map((row) => ({
      ...toCard(row, lookup, imageUrl),
      status: row.status,
      status_label: goodsStatusLabels[row.status],
      at: at.get(row.id)?.toISOString() ?? '',
    }));
  }

  return {
    async save(userId, goodsId, save) {
      const result = await db.transaction(async (tx) => {
        const row = await goodsRow(tx, goodsId, true);
        if (!row || (save && !isPublic(row.status))) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
        if (row.sellerId === userId) throw new AppError(ErrorCodes.GOODS_OWN_LISTING);
        const changed = save
          ? await tx
              .insert(goodsFavourites)
              .values({ userId, goodsId, createdAt: now() })
              .onConflictDoNothing()
              .returning({ id: goodsFavourites.goodsId })
          : await tx
              .delete(goodsFavourites)
              .where(and(eq(goodsFavourites.userId, userId), eq(goodsFavourites.goodsId, goodsId)))
              .returning({ id: goodsFavourites.goodsId });
        if (changed.length === 0) return { saved: save, favourites: row.favourites };
        const delta = save ? 1 : -1;
        const [updated] = await tx
          .update(goods)
          .set({
            favourites: sql`${goods.favourites} + ${delta}`,
            heat: sql`${goods.heat} + ${delta * HEAT_PER_FAVOURITE}`,
          })
          .where(eq(goods.id, goodsId))
          .returning({ favourites: goods.favourites });
        return { saved: save, favourites: updated?.favourites ?? row.favourites };
      });
      onChange();
      return result;
    },

    async saveStatus(userId, goodsId) {
      const row = await goodsRow(db, goodsId);
      if (!row || !isPublic(row.status)) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      return {
        saved: userId === undefined ? false : await isSaved(db, userId, goodsId),
        favourites: row.favourites,
      };
    },

    async favourites(userId, page, pageSize) {
      const mine = eq(goodsFavourites.userId, userId);
      const { rows, total } = await fetchPage(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select({ goodsId: goodsFavourites.goodsId, at: goodsFavourites.createdAt })
            .from(goodsFavourites)
            .where(mine)
            .orderBy(desc(goodsFavourites.createdAt), desc(goodsFavourites.goodsId))
            .limit(limit)
            .offset(offset),
        db.select({ value: count() }).from(goodsFavourites).where(mine),
      );
      return { list: await savedItems(rows), total, page, page_size: pageSize };
    },

    async footprints(userId, page, pageSize) {
      const mine = eq(goodsFootprints.userId, userId);
      const { rows, total } = await fetchPage(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select({ goodsId: goodsFootprints.goodsId, at: goodsFootprints.lastVisitedAt })
            .from(goodsFootprints)
            .where(mine)
            .orderBy(desc(goodsFootprints.lastVisitedAt), desc(goodsFootprints.goodsId))
            .limit(limit)
            .offset(offset),
        db.select({ value: count() }).from(goodsFootprints).where(mine),
      );
      return { list: await savedItems(rows), total, page, page_size: pageSize };
    },

    async visitors(sellerId, page, pageSize) {
      const mine = eq(goodsFootprints.sellerId, sellerId);
      const { rows, total } = await fetchPage(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select({
              userId: goodsFootprints.userId,
              goodsId: goodsFootprints.goodsId,
              title: goods.title,
              visits: goodsFootprints.visits,
              at: goodsFootprints.lastVisitedAt,
            })
            .from(goodsFootprints)
            .innerJoin(goods, eq(goods.id, goodsFootprints.goodsId))
            .where(mine)
            .orderBy(
              desc(goodsFootprints.lastVisitedAt),
              desc(goodsFootprints.userId),
              desc(goodsFootprints.goodsId),
            )
            .limit(limit)
            .offset(offset),
        db.select({ value: count() }).from(goodsFootprints).where(mine),
      );
      const profiles = await profilesOf(
        db,
        rows.map((row) => row.userId),
      );
      return {
        list: rows.map((row) => ({
          user_id: row.userId,
          nickname: profiles.get(row.userId)?.nickname ?? '',
          avatar: profiles.get(row.userId)?.avatar ?? '',
          goods_id: row.goodsId,
          goods_title: row.title,
          visits: row.visits,
          last_visited_at: row.at.toISOString(),
        })),
        total,
        page,
        page_size: pageSize,
      };
    },

    async follow(userId, sellerId, follow) {
      if (userId === sellerId) throw new AppError(ErrorCodes.SELF_FOLLOW);
      return db.transaction(async (tx) => {
        const store = await findStore(tx, sellerId);
        if (!store) throw new AppError(ErrorCodes.STORE_NOT_FOUND);
        const changed = follow
          ? await tx
              .insert(storeFollows)
              .values({ userId, sellerId, createdAt: now() })
              .onConflictDoNothing()
              .returning({ id: storeFollows.sellerId })
          : await tx
              .delete(storeFollows)
              .where(and(eq(storeFollows.userId, userId), eq(storeFollows.sellerId, sellerId)))
              .returning({ id: storeFollows.sellerId });
        const followers =
          changed.length === 0 ? store.followers : await adjustFollowers(tx, sellerId, follow ? 1 : -1);
        return { following: follow, followers };
      });
    },

    async following(userId, sellerId) {
      const rows = await db
        .select({ id: storeFollows.sellerId })
        .from(storeFollows)
        .where(and(eq(storeFollows.userId, userId), eq(storeFollows.sellerId, sellerId)));
      return rows.length > 0;
    },

    async followedStores(userId, page, pageSize) {
      const mine = eq(storeFollows.userId, userId);
      const { rows, total } = await fetchPage(
        page,
        pageSize,
        (limit, offset) =>
          db
            .select({ store: stores, at: storeFollows.createdAt })
            .from(storeFollows)
            .innerJoin(stores, eq(stores.userId, storeFollows.sellerId))
            .where(mine)
            .orderBy(desc(storeFollows.createdAt), desc(storeFollows.sellerId))
            .limit(limit)
            .offset(offset),
        db.select({ value: count() }).from(storeFollows).where(mine),
      );
      const counts = await onSaleCounts(
        db,
        rows.map((row) => row.store.userId),
      );
      return {
        list: rows.map(({ store, at }) => ({
          seller_id: store.userId,
          store_name: store.name,
          avatar: store.avatar ? imageUrl(store.avatar) : '',
          rating: ratingText(store.rating),
          on_sale: counts.get(store.userId) ?? 0,
          followers: store.followers,
          followed_at: at.toISOString(),
        })),
        total,
        page,
        page_size: pageSize,
      };
    },
  };
}
