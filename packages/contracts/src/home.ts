import { z } from 'zod';
import { idQuerySchema, textSchema } from './primitives.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { gameSchema, gameWithCountSchema } from './catalogue.ts';
import { goodsCardSchema, SEARCH_KEYWORD_MAX } from './goods.ts';

/** Home page, search keywords, hot items, rankings, intelligence (资讯) and notices. */

export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  /** An in-app path ("/search_goods_list?game_id=1") or an https URL. */
  link: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const noticeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.string(),
  pinned: z.boolean(),
  published_at: z.string(),
});
export type NoticeSummary = z.infer<typeof noticeSummarySchema>;
export const noticeSchema = noticeSummarySchema.extend({ content: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

export const quickEntrySchema = z.object({
  key: z.string(),
  title: z.string(),
  icon: z.string(),
  link: z.string(),
});

/**
 * GET /app/home/index_v13. The versioned path is the current shape of one capability: banners,
 * the game grid, quick entries, the latest notices and the hot keywords of the search bar.
 */
export const homeIndexSchema = z.object({
  banners: z.array(bannerSchema),
  games: z.array(gameSchema),
  entries: z.array(quickEntrySchema),
  notices: z.array(noticeSummarySchema),
  hot_keywords: z.array(z.string()),
  /** Placeholder text of the search bar. */
  search_placeholder: z.string(),
});
export type HomeIndex = z.infer<typeof homeIndexSchema>;

export const keywordQuerySchema = z.object({
  /** What the user has typed so far; without it only the hot keywords are answered. */
  keyword: textSchema.trim().max(SEARCH_KEYWORD_MAX).optional(),
  game_id: idQuerySchema.optional(),
});
export const keywordSuggestionSchema = z.object({
  text: z.string(),
  /** Where choosing it leads: a keyword search, or straight to a game's list. */
  kind: z.enum(['keyword', 'game']),
  game_id: z.number().int().nullable(),
  marks: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export const keywordsSchema = z.object({
  hot: z.array(z.string()),
  suggestions: z.array(keywordSuggestionSchema),
});
export type Keywords = z.infer<typeof keywordsSchema>;

/** GET /app/home/hot/v2: hot listings (the v2 shape is a plain list of cards). */
export const hotQuerySchema = z.object({
  game_id: idQuerySchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const hotItemsSchema = z.object({ list: z.array(goodsCardSchema) });

export const topGamesSchema = z.object({
  list: z.array(gameWithCountSchema.extend({ rank: z.number().int(), avg_price: z.string() })),
});
export const topStoreSchema = z.object({
  rank: z.number().int(),
  seller_id: z.number().int(),
  store_name: z.string(),
  avatar: z.string(),
  rating: z.string(),
  deals: z.number().int(),
  followers: z.number().int(),
  on_sale: z.number().int(),
});
export const topStoresSchema = z.object({ list: z.array(topStoreSchema) });
export const topQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(50).default(20) });

export const intelligenceQuerySchema = pageQuerySchema.extend({
  game_id: idQuerySchema.optional(),
  /** One article with its full content (the /forumDetails page). */
  id: idQuerySchema.optional(),
});
export const intelligenceItemSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int().nullable(),
  game_name: z.string(),
  title: z.string(),
  summary: z.string(),
  content: z.string(),
  cover: z.string(),
  views: z.number().int(),
  published_at: z.string(),
});
export type IntelligenceItem = z.infer<typeof intelligenceItemSchema>;
export const intelligencePageSchema = pageSchema(intelligenceItemSchema);

export const noticeCategories = ['公告', '规则', '安全', '功能'] as const;
export const noticeListQuerySchema = pageQuerySchema.extend({
  category: z.enum(noticeCategories).optional(),
});
export const noticePageSchema = pageSchema(noticeSummarySchema);
export const noticeDetailQuerySchema = z.object({ id: idQuerySchema });

/** GET /app/utils/area/data/v2: provinces and their cities, for address and location pickers. */
export const cityNodeSchema = z.object({ code: z.string(), name: z.string() });
export const provinceNodeSchema = cityNodeSchema.extend({ children: z.array(cityNodeSchema) });
export type ProvinceNode = z.infer<typeof provinceNodeSchema>;
export const areaDataSchema = z.object({ version: z.string(), list: z.array(provinceNodeSchema) });
