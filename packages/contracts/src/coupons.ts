import { z } from 'zod';
import { coercedId } from './primitives.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

/**
 * Coupons (优惠券): templates (amount off, threshold, validity, scope, stock) from which a user claims
 * at most one coupon each; the new-user package (新人礼包) is claimed as a whole, once. The order flow
 * locks a coupon on an order, then redeems or releases it (server `coupon-order-service.ts`).
 */

export const couponPaths = {
  newUserMain: '/app/coupon/new_user/main',
  newUserReceive: '/app/coupon/new_user/receive',
  list: '/app/coupon/list',
  /** Not in SPEC §7: the coupon hall's claimable templates and a claim (docs/decisions.md). */
  hall: '/app/coupon/hall',
  receive: '/app/coupon/receive',
} as const;

/** Registered at most this many days ago to claim the new-user package. */
export const NEW_USER_PACKAGE_DAYS = 30;

export const couponTabs = ['usable', 'used', 'expired'] as const;
export const couponTabSchema = z.enum(couponTabs, { error: '优惠券状态无效' });
export type CouponTab = z.infer<typeof couponTabSchema>;
export const couponTabLabels: Record<CouponTab, string> = {
  usable: '可使用',
  used: '已使用',
  expired: '已过期',
};

/** What a coupon or template says about itself, for a ticket. */
const couponFaceSchema = z.object({
  name: z.string(),
  /** Amount off (amount string). */
  amount_off: z.string(),
  /** "0.00" when there is no threshold. */
  threshold: z.string(),
  game_id: z.number().int().nullable(),
  /** "全部游戏" when not scoped. */
  scope_label: z.string(),
});

export const couponSchema = couponFaceSchema.extend({
  id: z.number().int(),
  template_id: z.number().int(),
  /** `locked`: held by an order not yet paid or cancelled. */
  state: z.enum(['usable', 'locked', 'used', 'expired']),
  valid_from: z.string(),
  valid_until: z.string(),
  claimed_at: z.string(),
  used_at: z.string().nullable(),
});
export type Coupon = z.infer<typeof couponSchema>;

export const couponListQuerySchema = pageQuerySchema.extend({ status: couponTabSchema.default('usable') });
export type CouponListQuery = z.input<typeof couponListQuerySchema>;
export const couponListSchema = pageSchema(couponSchema).extend({
  counts: z.object({ usable: z.number().int(), used: z.number().int(), expired: z.number().int() }),
});
export type CouponList = z.infer<typeof couponListSchema>;

export const couponTemplateSchema = couponFaceSchema.extend({
  id: z.number().int(),
  /** "领取后7天内有效" or "2026-12-01 至 2026-12-31". */
  validity_label: z.string(),
  stock_total: z.number().int(),
  stock_left: z.number().int(),
  claimed_by_me: z.boolean(),
});
export type CouponTemplate = z.infer<typeof couponTemplateSchema>;

export const couponHallSchema = z.object({ list: z.array(couponTemplateSchema) });
export type CouponHall = z.infer<typeof couponHallSchema>;

export const newUserPackageSchema = z.object({
  templates: z.array(couponTemplateSchema),
  /** Sum of the amounts off. */
  total_amount_off: z.string(),
  claimed: z.boolean(),
  /** Can claim now: new enough, not claimed, something in stock. */
  can_claim: z.boolean(),
  /** Why not, in Chinese (null when can_claim). */
  reason: z.string().nullable(),
});
export type NewUserPackage = z.infer<typeof newUserPackageSchema>;

export const couponReceiveRequestSchema = z.object({
  template_id: coercedId('请选择要领取的优惠券'),
});
export type CouponReceiveRequest = z.input<typeof couponReceiveRequestSchema>;

export const couponReceiveResultSchema = z.object({ coupons: z.array(couponSchema) });
export type CouponReceiveResult = z.infer<typeof couponReceiveResultSchema>;
