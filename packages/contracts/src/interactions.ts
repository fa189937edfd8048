import { z } from 'zod';
import { idQuerySchema, idSchema } from './primitives.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { goodsCardSchema } from './goods.ts';
import { goodsStatusSchema } from './goods-status.ts';

/** A user's favourites (收藏), footprints (足迹), visitors (访客) and followed stores (关注). */

export const saveGoodsRequestSchema = z.object({
  goods_id: idSchema,
  /** true saves, false removes; both are idempotent. */
  save: z.boolean(),
});
export const saveGoodsResultSchema = z.object({ saved: z.boolean(), favourites: z.number().int() });

/** Favourites and footprints keep listings that were sold or taken down, with their status. */
export const savedGoodsItemSchema = goodsCardSchema.extend({
  status: goodsStatusSchema,
  status_label: z.string(),
  /** When it was saved (favourites) or last viewed (footprints). */
  at: z.string(),
});
export type SavedGoodsItem = z.infer<typeof savedGoodsItemSchema>;
export const savedGoodsPageSchema = pageSchema(savedGoodsItemSchema);

export const visitorSchema = z.object({
  user_id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  goods_id: z.number().int(),
  goods_title: z.string(),
  visits: z.number().int(),
  last_visited_at: z.string(),
});
export type Visitor = z.infer<typeof visitorSchema>;
export const visitorPageSchema = pageSchema(visitorSchema);

export const subscribeRequestSchema = z.object({
  seller_id: idSchema,
  /** true follows the seller's store, false unfollows; both are idempotent. */
  follow: z.boolean(),
});
export const subscribeResultSchema = z.object({ following: z.boolean(), followers: z.number().int() });
export const subscribeQuerySchema = pageQuerySchema.extend({
  /** Whether the current user follows this seller; without it, the page of followed stores. */
  seller_id: idQuerySchema.optional(),
});
export const followedStoreSchema = z.object({
  seller_id: z.number().int(),
  store_name: z.string(),
  avatar: z.string(),
  rating: z.string(),
  on_sale: z.number().int(),
  followers: z.number().int(),
  followed_at: z.string(),
});
export const followedStoresSchema = pageSchema(followedStoreSchema).extend({
  following: z.boolean().nullable(),
});
