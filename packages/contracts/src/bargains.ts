import { z } from 'zod';
import { idQuerySchema, idSchema } from './primitives.ts';
import { amountSchema } from './money.ts';
import { pageQuerySchema } from './pagination.ts';
import { ErrorCodes } from './error-codes.ts';
import { platformSchema } from './catalogue.ts';
import { goodsStatusSchema } from './goods-status.ts';
import { defineProcess } from './process/engine.ts';
import { processTimelineEntrySchema } from './process/timeline.ts';

/**
 * Bargaining (议价): a buyer offers a price below the listing's; the seller counters, agrees or
 * rejects; the buyer accepts a counter, offers again or cancels. An agreed price is valid for a
 * limited time, for that buyer only, and buys the listing once (the order takes `use`).
 */

export const bargainPaths = {
  offer: '/app/goods/bargain',
  counter: '/app/goods/bargain/seller',
  agree: '/app/goods/bargain/agree',
  reject: '/app/goods/bargain/reject',
  cancel: '/app/goods/bargain/cancel',
  remove: '/app/goods/bargain/delete',
  info: '/app/goods/bargain/info',
  buyerList: '/app/goods/bargain/list/buyer',
  sellerList: '/app/goods/bargain/list/seller',
} as const;

const HOUR = 3600;

/** The limits of bargaining, shown on the offer sheet and enforced by the server. */
export const bargainRules = {
  /** The seller answers an offer within this, or it expires. */
  offerAnswerSeconds: 24 * HOUR,
  /** The buyer answers a counter-offer within this, or it expires. */
  counterAnswerSeconds: 24 * HOUR,
  /** An agreed price buys the listing within this, or it expires. */
  agreedValidSeconds: 24 * HOUR,
  /** Bargains a buyer may have waiting or agreed at once (all listings). */
  maxOpenPerBuyer: 10,
  /** Offers (first offers and offers again) a buyer may make per China-time day. */
  dailyOffersPerBuyer: 20,
  /** Offers the buyer may make in one bargain (the first included). */
  maxBuyerRounds: 3,
  /** The least offer, in fen. */
  minOfferFen: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// The process.

export const bargainStatuses = [
  'offered',
  'countered',
  'agreed',
  'rejected',
  'cancelled',
  'expired',
  'ordered',
] as const;
export type BargainStatus = (typeof bargainStatuses)[number];

export const bargainStatusLabels: Record<BargainStatus, string> = {
  offered: '待卖家回复',
  countered: '卖家已还价',
  agreed: '已同意',
  rejected: '已拒绝',
  cancelled: '已取消',
  expired: '已失效',
  ordered: '已下单',
};

export const finalBargainStatuses: readonly BargainStatus[] = ['rejected', 'cancelled', 'expired', 'ordered'];

/** Waiting for an answer or agreed: what the open-offer limit counts. */
export const openBargainStatuses: readonly BargainStatus[] = ['offered', 'countered', 'agreed'];

/**
 * Who may do what. The seller answers an offer; the buyer answers a counter (accept, offer again,
 * or cancel) and may give up an agreed price; the system expires whatever waits too long. Each
 * step that moves toward a sale needs the listing still on sale and open to offers.
 */
export const bargainProcess = defineProcess({
  name: 'bargain',
  subjectLabel: '议价',
  states: bargainStatuses,
  stateLabels: bargainStatusLabels,
  initial: 'offered',
  // An order at the agreed price that lapses unpaid gives the price back (`restore`), so `ordered`
  // is final for the parties but not for the process.
  terminal: ['rejected', 'cancelled', 'expired'],
  refusal: { errCode: ErrorCodes.BARGAIN_STATE_INVALID },
  guards: {
    listing_open: {
      errCode: ErrorCodes.BARGAIN_GOODS_UNAVAILABLE,
      message: '商品已下架或已售出，议价无法继续',
    },
  },
  transitions: {
    counter: { from: 'offered', to: 'countered', roles: ['seller'], guards: ['listing_open'], label: '还价' },
    agree: { from: 'offered', to: 'agreed', roles: ['seller'], guards: ['listing_open'], label: '同意' },
    reject: { from: 'offered', to: 'rejected', roles: ['seller'], label: '拒绝' },
    accept: {
      from: 'countered',
      to: 'agreed',
      roles: ['buyer'],
      guards: ['listing_open'],
      label: '接受还价',
    },
    reoffer: {
      from: 'countered',
      to: 'offered',
      roles: ['buyer'],
      guards: ['listing_open'],
      label: '重新出价',
    },
    /** Taken by the order placed at the agreed price (the orders module checks the listing itself). */
    use: { from: 'agreed', to: 'ordered', roles: ['buyer'], label: '按议价购买' },
    /**
     * Taken when that order expires or is cancelled before payment: the price is valid again, until
     * the deadline it was agreed with.
     */
    restore: { from: 'ordered', to: 'agreed', roles: ['system'], label: '订单未支付，议价价格恢复' },
    /**
     * Instead of `restore`, when the price cannot come back: its deadline has passed, the buyer has
     * another bargain open on the listing, or as many open as allowed (the reason says which).
     */
    lapse: { from: 'ordered', to: 'expired', roles: ['system'], label: '订单未支付，议价价格失效' },
    cancel: {
      from: ['offered', 'countered', 'agreed'],
      to: 'cancelled',
      roles: ['buyer'],
      label: '取消议价',
    },
    expire_offer: {
      from: 'offered',
      to: 'expired',
      roles: ['system'],
      afterSeconds: bargainRules.offerAnswerSeconds,
      label: '卖家超时未回复',
    },
    expire_counter: {
      from: 'countered',
      to: 'expired',
      roles: ['system'],
      afterSeconds: bargainRules.counterAnswerSeconds,
      label: '买家超时未回复',
    },
    expire: {
      from: 'agreed',
      to: 'expired',
      roles: ['system'],
      afterSeconds: bargainRules.agreedValidSeconds,
      label: '议价价格已过期',
    },
  },
});
export type BargainAction = keyof typeof bargainProcess.transitions;

export const bargainRoles = ['buyer', 'seller'] as const;
export type BargainRole = (typeof bargainRoles)[number];

// ---------------------------------------------------------------------------------------------
// Payloads.

/** POST /app/goods/bargain: an offer on a listing (a new bargain, or again after a counter). */
export const bargainOfferRequestSchema = z.object({
  goods_id: idSchema,
  price: amountSchema,
});
export type BargainOfferRequest = z.input<typeof bargainOfferRequestSchema>;

/** POST /app/goods/bargain/seller: the seller's counter-offer. */
export const bargainCounterRequestSchema = z.object({
  bargain_id: idSchema,
  price: amountSchema,
});
export type BargainCounterRequest = z.input<typeof bargainCounterRequestSchema>;

/** POST agree / reject / cancel / delete. */
export const bargainIdRequestSchema = z.object({ bargain_id: idSchema });
export type BargainIdRequest = z.infer<typeof bargainIdRequestSchema>;

/** GET /app/goods/bargain/info: one bargain by id, or the viewer's latest on a listing. */
export const bargainInfoQuerySchema = z
  .object({ bargain_id: idQuerySchema.optional(), goods_id: idQuerySchema.optional() })
  .refine((query) => query.bargain_id !== undefined || query.goods_id !== undefined, {
    message: '请指定议价或商品',
  });
export type BargainInfoQuery = z.input<typeof bargainInfoQuerySchema>;

export const bargainTabs = ['all', 'open', 'agreed', 'closed'] as const;
export type BargainTab = (typeof bargainTabs)[number];
export const bargainTabLabels: Record<BargainTab, string> = {
  all: '全部',
  open: '进行中',
  agreed: '已同意',
  closed: '已结束',
};
/** The states each tab lists. */
export const bargainTabStatuses: Record<BargainTab, readonly BargainStatus[]> = {
  all: bargainStatuses,
  open: ['offered', 'countered'],
  agreed: ['agreed', 'ordered'],
  closed: ['rejected', 'cancelled', 'expired'],
};

export const bargainListQuerySchema = pageQuerySchema.extend({
  tab: z.enum(bargainTabs).default('all'),
});
export type BargainListQuery = z.input<typeof bargainListQuerySchema>;

/** The listing as a bargain shows it (never its floor). */
export const bargainGoodsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  game_name: z.string(),
  platform: platformSchema,
  partition_name: z.string(),
  /** The listing's price now. */
  price: z.string(),
  status: goodsStatusSchema,
});
export type BargainGoods = z.infer<typeof bargainGoodsSchema>;

export const bargainRoundSchema = z.object({
  by: z.enum(bargainRoles),
  price: z.string(),
  created_at: z.string(),
});
export type BargainRound = z.infer<typeof bargainRoundSchema>;

export const bargainSchema = z.object({
  id: z.number().int(),
  goods: bargainGoodsSchema,
  /** The viewer's part in it: the web derives the buttons from `allowedActions(bargainProcess, status, [role])`. */
  role: z.enum(bargainRoles),
  status: z.enum(bargainStatuses),
  status_label: z.string(),
  /** The listing's price when the buyer first offered. */
  list_price: z.string(),
  /** The buyer's latest offer. */
  offer_price: z.string(),
  /** The seller's latest counter-offer, if any. */
  counter_price: z.string().nullable(),
  agreed_price: z.string().nullable(),
  /** Offers the buyer may still make in this bargain. */
  rounds_left: z.number().int(),
  /** The other party's display name. */
  counterparty: z.string(),
  /** When the current state times out (an answer is due, or the agreed price lapses); null when final. */
  deadline: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bargain = z.infer<typeof bargainSchema>;

export const bargainDetailSchema = bargainSchema.extend({
  rounds: z.array(bargainRoundSchema),
  timeline: z.array(processTimelineEntrySchema),
});
export type BargainDetail = z.infer<typeof bargainDetailSchema>;

/** What the offer sheet needs: the listing, whether the viewer may offer, and the rules. */
export const bargainInfoSchema = z.object({
  goods: bargainGoodsSchema,
  /** The bargain asked for, or the viewer's latest on the listing (null: none yet). */
  bargain: bargainDetailSchema.nullable(),
  /** Whether the viewer may make an offer now (a new one, or again after a counter). */
  can_offer: z.boolean(),
  /** Why not, in Chinese ('' when they may). */
  offer_refusal: z.string(),
  /** The listing has a floor: offers below it are refused (the floor itself stays the seller's). */
  has_floor: z.boolean(),
  min_offer: z.string(),
  open_count: z.number().int(),
  max_open: z.number().int(),
  today_offers: z.number().int(),
  daily_max: z.number().int(),
  valid_hours: z.number().int(),
});
export type BargainInfo = z.infer<typeof bargainInfoSchema>;
