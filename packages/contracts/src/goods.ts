import { z } from 'zod';
import { idQuerySchema, idSchema, int4Schema, numberId, requestText, textSchema } from './primitives.ts';
import { CONTACT_DETAILS_MESSAGE, hasNoContact } from './contact-detector.ts';
import { amountSchema } from './money.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import {
  attributeValueSchema,
  compensationCodes,
  CONTROL_CHARACTER_MESSAGE,
  noControlCharacters,
  gameSchema,
  guaranteeOptionSchema,
  partitionSchema,
  platformSchema,
} from './catalogue.ts';
import { goodsActions, goodsStatusSchema } from './goods-status.ts';

/** Listings (goods): the list convention, search, detail, the owner's view and publishing. */

export const goodsTags = ['bargain', 'urgent', 'guarantee', 'rebind', 'official_shots'] as const;
export const goodsTagSchema = z.enum(goodsTags);
export type GoodsTag = z.infer<typeof goodsTagSchema>;
export const goodsTagLabels: Record<GoodsTag, string> = {
  bargain: '可议价',
  urgent: '急售',
  guarantee: '包赔',
  rebind: '可换绑',
  official_shots: '官方截图',
};

export const goodsSorts = ['default', 'newest', 'price_asc', 'price_desc', 'hot'] as const;
export const goodsSortSchema = z.enum(goodsSorts);
export type GoodsSort = z.infer<typeof goodsSortSchema>;
export const goodsSortLabels: Record<GoodsSort, string> = {
  default: '综合',
  newest: '最新',
  price_asc: '价格升序',
  price_desc: '价格降序',
  hot: '热度',
};

export const SEARCH_KEYWORD_MAX = 30;
export const TITLE_MAX = 60;
export const DESCRIPTION_MAX = 2000;

/** [start, end) offsets in UTF-16 code units (JavaScript string indices) of a matched word. */
export const highlightRangeSchema = z.tuple([z.number().int(), z.number().int()]);
export type HighlightRange = z.infer<typeof highlightRangeSchema>;

export const goodsCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  game_id: z.number().int(),
  game_name: z.string(),
  platform: platformSchema,
  partition_name: z.string(),
  price: z.string(),
  original_price: z.string().nullable(),
  cover: z.string(),
  tags: z.array(goodsTagSchema),
  /** Up to three short attribute texts for the card ("王者 50星", "皮肤 128个"). */
  highlights: z.array(z.string()),
  views: z.number().int(),
  favourites: z.number().int(),
  listed_at: z.string().nullable(),
  seller_id: z.number().int(),
  store_name: z.string(),
});
export type GoodsCard = z.infer<typeof goodsCardSchema>;

export const searchHitSchema = goodsCardSchema.extend({
  /** Matched words in the title. */
  title_marks: z.array(highlightRangeSchema),
  /** A short excerpt of the description around the first match ('' when the match is elsewhere). */
  snippet: z.string(),
  snippet_marks: z.array(highlightRangeSchema),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const attributeFilterSchema = z.object({
  key: textSchema.min(1).max(40),
  min: int4Schema.optional(),
  max: int4Schema.optional(),
  /** For enum/multi fields: any of these values. */
  values: z.array(textSchema.max(50)).max(30).optional(),
});
export type AttributeFilter = z.infer<typeof attributeFilterSchema>;

/** POST /app/goods/list/filter: search and filters; the list convention plus a snapshot bound. */
export const goodsFilterRequestSchema = pageQuerySchema.extend({
  keyword: textSchema.trim().max(SEARCH_KEYWORD_MAX, `关键词最多${SEARCH_KEYWORD_MAX}字`).optional(),
  game_id: idSchema.optional(),
  platform: platformSchema.optional(),
  partition_id: idSchema.optional(),
  price_min: amountSchema.optional(),
  price_max: amountSchema.optional(),
  attrs: z.array(attributeFilterSchema).max(10).optional(),
  tags: z.array(goodsTagSchema).max(goodsTags.length).optional(),
  seller_id: idSchema.optional(),
  sort: goodsSortSchema.default('default'),
  /**
   * The `snapshot_id` of page 1's answer. Later pages pass it back so that listings published
   * meanwhile do not push rows from one page onto the next.
   */
  snapshot_id: int4Schema.nonnegative().optional(),
  /**
   * The `next_cursor` of the previous answer: the page after it, at the cost of the first page
   * however deep (`page` is then ignored). Without it, `page` reaches the first SEARCH_TOTAL_CAP rows.
   */
  cursor: z.string().max(200).optional(),
});
export type GoodsFilterRequest = z.input<typeof goodsFilterRequestSchema>;

/** Totals are counted up to this many; beyond it the answer says `total_capped` (the UI shows 1万+). */
export const SEARCH_TOTAL_CAP = 10_000;

export const goodsListSchema = pageSchema(searchHitSchema).extend({
  snapshot_id: z.number().int(),
  /**
   * More than `total` match ("1万+" at SEARCH_TOTAL_CAP, else "3000+"): counting them all would
   * cost more than the page.
   */
  total_capped: z.boolean(),
  /** `total` is the database's estimate of many matches ("约8300"). */
  total_is_estimate: z.boolean(),
  /** Pass back as `cursor` (with `snapshot_id`) for the next page; null after the last one. */
  next_cursor: z.string().nullable(),
  /** The game the keyword named (by name or alias): its listings come first. */
  keyword_game_id: z.number().int().nullable(),
});
export type GoodsList = z.infer<typeof goodsListSchema>;

/** POST /app/goods/list/header: what the list page shows above the results. */
export const listHeaderRequestSchema = z.object({
  game_id: idSchema.optional(),
  keyword: textSchema.trim().max(SEARCH_KEYWORD_MAX).optional(),
});
export const rangeFilterSchema = z.object({
  key: z.string(),
  label: z.string(),
  min: z.number().int(),
  max: z.number().int(),
  unit: z.string(),
});
export const choiceFilterSchema = z.object({
  key: z.string(),
  label: z.string(),
  multiple: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export const priceRangePresetSchema = z.object({
  label: z.string(),
  min: z.string().nullable(),
  max: z.string().nullable(),
});
export const listHeaderSchema = z.object({
  game: gameSchema.nullable(),
  sorts: z.array(z.object({ code: goodsSortSchema, label: z.string() })),
  platforms: z.array(z.object({ value: platformSchema, label: z.string() })),
  partitions: z.array(partitionSchema),
  price_ranges: z.array(priceRangePresetSchema),
  tags: z.array(z.object({ code: goodsTagSchema, label: z.string() })),
  range_filters: z.array(rangeFilterSchema),
  choice_filters: z.array(choiceFilterSchema),
  on_sale_count: z.number().int(),
});
export type ListHeader = z.infer<typeof listHeaderSchema>;

export const goodsIdQuerySchema = z.object({ goods_id: idQuerySchema });
export const goodsIdBodySchema = z.object({ goods_id: idSchema });

export const detailQuerySchema = goodsIdQuerySchema.extend({
  /** Set when the page was opened by scanning a /yd/qrcode code: marks the code scanned. */
  qr_ticket: textSchema.min(16).max(64).optional(),
});

export const displayPairSchema = z.object({ key: z.string(), label: z.string(), value: z.string() });
export const screenshotSchema = z.object({ key: z.string(), url: z.string(), thumb: z.string() });
export type Screenshot = z.infer<typeof screenshotSchema>;

export const sellerCardSchema = z.object({
  id: z.number().int(),
  store_name: z.string(),
  avatar: z.string(),
  intro: z.string(),
  rating: z.string(),
  deals: z.number().int(),
  followers: z.number().int(),
  on_sale: z.number().int(),
  joined_at: z.string(),
});
export type SellerCard = z.infer<typeof sellerCardSchema>;

export const goodsDetailSchema = goodsCardSchema.extend({
  description: z.string(),
  status: goodsStatusSchema,
  status_label: z.string(),
  attributes: z.array(displayPairSchema),
  bindings: z.array(displayPairSchema),
  guarantees: z.array(guaranteeOptionSchema),
  screenshots: z.array(screenshotSchema),
  verified_at: z.string().nullable(),
  seller: sellerCardSchema,
  is_mine: z.boolean(),
  saved: z.boolean(),
  /** Buy and bargain buttons: on sale and not the viewer's own. */
  can_buy: z.boolean(),
  can_bargain: z.boolean(),
});
export type GoodsDetail = z.infer<typeof goodsDetailSchema>;

/** GET /app/goods/data: the owner's full listing, private fields included (never shown to others). */
export const goodsDataSchema = z.object({
  id: z.number().int(),
  game_id: z.number().int(),
  platform: platformSchema,
  partition_id: z.number().int(),
  title: z.string(),
  description: z.string(),
  attrs: z.record(z.string(), attributeValueSchema),
  bindings: z.record(z.string(), attributeValueSchema),
  guarantees: z.array(z.enum(compensationCodes)),
  screenshots: z.array(screenshotSchema),
  price: z.string(),
  original_price: z.string().nullable(),
  bargain: z.boolean(),
  /** Private: the least offer the seller accepts (最低可议价); null: any offer below the price. */
  bargain_floor: z.string().nullable(),
  urgent: z.boolean(),
  /** Private: the in-game account id / login hint, for the seller and, after payment, the buyer. */
  account_hint: z.string(),
  /** Private: the seller's own note. */
  private_note: z.string(),
  /** Private: why the last review sent the listing back. */
  review_note: z.string(),
  status: goodsStatusSchema,
  status_label: z.string(),
  tags: z.array(goodsTagSchema),
  actions: z.array(z.enum(goodsActions)),
  views: z.number().int(),
  favourites: z.number().int(),
  listed_at: z.string().nullable(),
  verified_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type GoodsData = z.infer<typeof goodsDataSchema>;

/** Keys as the upload tickets hand them out. */
export const storageKeySchema = textSchema.regex(
  /^[a-z0-9][a-z0-9_\-/]{0,150}\.(jpg|png|webp|svg)$/,
  '截图无效，请重新上传',
);

/** Fen, at most 1,000,000 yuan: a listing's price and original price. */
export const PRICE_MAX_FEN = 100_000_000;
const priceSchema = amountSchema.refine((fen) => fen <= PRICE_MAX_FEN, '价格不能超过1000000元');
const originalPriceSchema = amountSchema.refine((fen) => fen <= PRICE_MAX_FEN, '原价不能超过1000000元');

/**
 * POST /app/goods/publish: create (no goods_id) or edit a listing; saved as a draft unless `submit`.
 * A listing on sale stays on sale when the edit leaves what moderation judged alone, else it is
 * reviewed again (`submit` changes nothing for it).
 */
export const publishRequestSchema = z.object({
  goods_id: idSchema.optional(),
  game_id: idSchema,
  platform: platformSchema,
  partition_id: numberId('请选择区服'),
  title: requestText('请填写标题')
    .trim()
    .min(4, '标题至少4个字')
    .max(TITLE_MAX, `标题最多${TITLE_MAX}字`)
    .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .refine(hasNoContact, CONTACT_DETAILS_MESSAGE),
  description: textSchema
    .trim()
    .max(DESCRIPTION_MAX, `描述最多${DESCRIPTION_MAX}字`)
    .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .refine(hasNoContact, CONTACT_DETAILS_MESSAGE)
    .default(''),
  attrs: z.record(textSchema.max(40), attributeValueSchema).default({}),
  bindings: z.record(textSchema.max(40), attributeValueSchema).default({}),
  guarantees: z.array(z.enum(compensationCodes)).max(compensationCodes.length).default([]),
  /** Keys returned by the upload tickets (only the seller's own uploads are accepted). */
  screenshots: z.array(storageKeySchema).max(20, '截图最多20张').default([]),
  price: priceSchema,
  original_price: originalPriceSchema.optional(),
  bargain: z.boolean().default(false),
  /** 最低可议价: offers below it are refused; never shown to buyers. Kept only when `bargain`. */
  bargain_floor: priceSchema.optional(),
  urgent: z.boolean().default(false),
  account_hint: textSchema
    .trim()
    .max(100, '账号信息最多100字')
    .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .default(''),
  private_note: textSchema
    .trim()
    .max(500, '备注最多500字')
    .refine(noControlCharacters, CONTROL_CHARACTER_MESSAGE)
    .default(''),
  submit: z.boolean().default(false),
});
export type PublishRequest = z.input<typeof publishRequestSchema>;

export const shelfActions = ['on', 'off'] as const;
/** POST /app/user/goods/shelf. */
export const shelfRequestSchema = goodsIdBodySchema.extend({
  action: z.enum(shelfActions, { error: '请选择上架或下架' }),
});
export type ShelfRequest = z.infer<typeof shelfRequestSchema>;

/**
 * POST /app/user/goods/price (改价): a new price for the owner's listing, on sale included; it stays
 * where it is. `original_price` omitted keeps the current one, null removes it.
 */
export const repriceRequestSchema = goodsIdBodySchema.extend({
  price: priceSchema,
  original_price: originalPriceSchema.nullable().optional(),
});
export type RepriceRequest = z.input<typeof repriceRequestSchema>;

/** POST /app/goods/verify/screenshots (customer_service or admin). */
export const verifyScreenshotsRequestSchema = goodsIdBodySchema.extend({ verified: z.boolean() });

export const myGoodsQuerySchema = pageQuerySchema.extend({ status: goodsStatusSchema.optional() });
export const myGoodsItemSchema = goodsCardSchema.extend({
  status: goodsStatusSchema,
  status_label: z.string(),
  actions: z.array(z.enum(goodsActions)),
  review_note: z.string(),
  updated_at: z.string(),
});
export type MyGoodsItem = z.infer<typeof myGoodsItemSchema>;

export const goodsPageSchema = pageSchema(goodsCardSchema);
export const recommendQuerySchema = pageQuerySchema.extend({
  /** Listings like this one; without it, the home feed. */
  goods_id: idQuerySchema.optional(),
  game_id: idQuerySchema.optional(),
});
export const fromStoreQuerySchema = pageQuerySchema.extend({ goods_id: idQuerySchema });

export const saveStatusSchema = z.object({ saved: z.boolean(), favourites: z.number().int() });

/** GET /app/goods/yd/qrcode: a code that opens this listing on a phone; the page shows when it was scanned. */
export const GOODS_QR_TTL_SECONDS = 300;
export const goodsQrSchema = z.object({ ticket: z.string(), qr_content: z.string(), expires_at: z.string() });
export const goodsQrStatusQuerySchema = z.object({ ticket: textSchema.min(16).max(64) });
export const goodsQrStatusSchema = z.object({
  state: z.enum(['waiting', 'scanned', 'expired']),
  scanned_at: z.string().nullable(),
});

/** GET /app/goods/report/detail: the listing's inspection report (验号报告). */
export const reportCheckSchema = z.object({ item: z.string(), passed: z.boolean(), note: z.string() });
export const goodsReportSchema = z.object({
  goods_id: z.number().int(),
  title: z.string(),
  game_name: z.string(),
  verified: z.boolean(),
  verified_at: z.string().nullable(),
  checks: z.array(reportCheckSchema),
  attributes: z.array(displayPairSchema),
  bindings: z.array(displayPairSchema),
  screenshots: z.array(screenshotSchema),
});

export const commentTags = [
  'accurate',
  'fast',
  'friendly',
  'rebind_help',
  'good_price',
  'smooth',
  'inaccurate',
  'slow',
] as const;
export const commentTagSchema = z.enum(commentTags);
export type CommentTag = z.infer<typeof commentTagSchema>;
export const commentTagLabels: Record<CommentTag, string> = {
  accurate: '描述属实',
  fast: '发货迅速',
  friendly: '服务热情',
  rebind_help: '换绑配合',
  good_price: '价格实惠',
  smooth: '沟通顺畅',
  inaccurate: '描述不符',
  slow: '回复较慢',
};

/** Comments are about a seller; goods_id narrows nothing but finds the seller of that listing. */
export const commentTargetSchema = z
  .object({
    seller_id: idQuerySchema.optional(),
    goods_id: idQuerySchema.optional(),
  })
  .refine((value) => value.seller_id !== undefined || value.goods_id !== undefined, {
    message: '请指定卖家或商品',
    path: ['seller_id'],
  });
export const commentListQuerySchema = pageQuerySchema.extend({
  seller_id: idQuerySchema.optional(),
  goods_id: idQuerySchema.optional(),
  tag: commentTagSchema.optional(),
});
export const commentSchema = z.object({
  id: z.number().int(),
  user_name: z.string(),
  user_avatar: z.string(),
  rating: z.number().int(),
  content: z.string(),
  tags: z.array(commentTagSchema),
  goods_title: z.string(),
  created_at: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentTagCountSchema = z.object({
  code: commentTagSchema,
  label: z.string(),
  count: z.number().int(),
});
export const commentMainSchema = z.object({
  seller_id: z.number().int(),
  total: z.number().int(),
  rating: z.string(),
  good_rate: z.string(),
  tags: z.array(commentTagCountSchema),
  latest: z.array(commentSchema),
});
/** v2 is the same summary without the latest comments, plus star counts (thin shape, one implementation). */
export const commentMainV2Schema = commentMainSchema
  .omit({ latest: true })
  .extend({ stars: z.array(z.number().int()) });
