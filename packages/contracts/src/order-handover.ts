import { z } from 'zod';
import { amountSchema } from './money.ts';
import { orderRoleSchema, orderStateSchema, type OrderState } from './orders.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

/**
 * Issue 11 C: the hand-over of a paid order (credentials, verification, rebinding), urging a
 * stalled step and liquidated damages (docs/orders.md "Hand-over").
 */
export const orderHandoverPaths = {
  /** Seller (or staff) submits the account's login details: `submit_account`. */
  submitAccount: '/app/order/confirm/account',
  /** The login details in clear; every call is logged. */
  revealAccount: '/app/order/account/main',
  /** What the hand-over panels show: credentials (masked), reveal log, videos, checklist, urges. */
  handover: '/app/order/handover',
  verify: '/app/order/verify',
  video: '/app/order/video',
  /** Not in SPEC §7: the buyer (or staff) confirms a rebinding step. */
  rebindingConfirm: '/app/order/rebinding/confirm',
  /** Not in SPEC §7: the seller marks a rebinding step done, with a note. */
  rebindingSellerDone: '/app/order/rebinding/done',
  liquidatedDamages: '/app/order/orderLiquidatedDamages',
  urge: '/app/user/urgent/v2',
} as const;

const orderNoSchema = z.string({ error: '订单号不能为空' }).regex(/^O\d{8,30}$/, { error: '订单号无效' });
const text = (label: string, max: number) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字` });

export const submitAccountRequestSchema = z.object({
  order_no: orderNoSchema,
  account: text('游戏账号', 100).min(1, { error: '请填写游戏账号' }),
  password: z
    .string({ error: '请填写登录密码' })
    .min(1, { error: '请填写登录密码' })
    .max(100, { error: '登录密码不能超过100个字' }),
  /** 密保问题与答案、二级密码、安全码… */
  security: text('密保信息', 500).optional(),
  note: text('备注', 500).optional(),
});
export type SubmitAccountRequest = z.input<typeof submitAccountRequestSchema>;

/** The login details as revealed (the buyer after payment, staff on the order). */
export const accountCredentialsSchema = z.object({
  account: z.string(),
  password: z.string(),
  security: z.string(),
  note: z.string(),
  submitted_at: z.string(),
});
export type AccountCredentials = z.infer<typeof accountCredentialsSchema>;

export const revealLogEntrySchema = z.object({
  role: orderRoleSchema,
  /** 买家 / 客服 and a masked id: parties see who looked, never the other's account. */
  viewer: z.string(),
  ip: z.string(),
  at: z.string(),
});
export type RevealLogEntry = z.infer<typeof revealLogEntrySchema>;

export const verifyVerdicts = ['pass', 'mismatch'] as const;
export const verifyRequestSchema = z
  .object({
    order_no: orderNoSchema,
    verdict: z.enum(verifyVerdicts, { error: '请选择验号结果' }),
    reason: text('不符原因', 200).optional(),
  })
  .refine((body) => body.verdict === 'pass' || (body.reason ?? '').length >= 4, {
    error: '请说明账号与描述不符的原因（至少4个字）',
    path: ['reason'],
  });
export type VerifyRequest = z.input<typeof verifyRequestSchema>;

/** Seller's sincerity deposit taken on a confirmed mismatch: a share of the price, within a range. */
export const MISMATCH_PENALTY_RATE = 0.1;
export const MISMATCH_PENALTY_MIN_FEN = 1_000;
export const MISMATCH_PENALTY_MAX_FEN = 100_000;
/** The penalty on a price, before capping at what the seller's deposit holds. */
export const mismatchPenaltyFen = (priceFen: number) =>
  Math.min(
    MISMATCH_PENALTY_MAX_FEN,
    Math.max(MISMATCH_PENALTY_MIN_FEN, Math.round(priceFen * MISMATCH_PENALTY_RATE)),
  );

export const ORDER_VIDEO_MAX_PER_ORDER = 5;
export const attachVideoRequestSchema = z.object({
  order_no: orderNoSchema,
  /** The key of a finished upload made with purpose `order_video`. */
  key: z.string({ error: '请先上传视频' }).min(1, { error: '请先上传视频' }).max(200),
});
export type AttachVideoRequest = z.input<typeof attachVideoRequestSchema>;

export const orderVideoSchema = z.object({
  key: z.string(),
  url: z.string(),
  role: orderRoleSchema,
  at: z.string(),
});
export type OrderVideo = z.infer<typeof orderVideoSchema>;

export const rebindingStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  /** What the buyer does, in one line. */
  hint: z.string(),
  required: z.boolean(),
  seller_done_at: z.string().nullable(),
  seller_note: z.string(),
  confirmed_at: z.string().nullable(),
});
export type RebindingStep = z.infer<typeof rebindingStepSchema>;

const stepKeySchema = z.string({ error: '请选择换绑步骤' }).min(1).max(40);
export const rebindingConfirmRequestSchema = z.object({ order_no: orderNoSchema, step: stepKeySchema });
export type RebindingConfirmRequest = z.input<typeof rebindingConfirmRequestSchema>;
export const rebindingDoneRequestSchema = z.object({
  order_no: orderNoSchema,
  step: stepKeySchema,
  note: text('说明', 200).optional(),
});
export type RebindingDoneRequest = z.input<typeof rebindingDoneRequestSchema>;

export const damagesParties = ['seller', 'buyer'] as const;
export const damagesPartyLabels: Record<(typeof damagesParties)[number], string> = {
  seller: '卖家违约',
  buyer: '买家违约',
};
/** Liquidated damages are at most this share of the price (a cap written in the protocol). */
export const DAMAGES_MAX_RATE = 0.3;
export const liquidatedDamagesRequestSchema = z.object({
  order_no: orderNoSchema,
  party: z.enum(damagesParties, { error: '请选择违约方' }),
  amount: amountSchema,
  reason: text('违约说明', 200).min(4, { error: '请说明违约情况（至少4个字）' }),
});
export type LiquidatedDamagesRequest = z.input<typeof liquidatedDamagesRequestSchema>;
/** As the server reads it: `amount` in fen. */
export type LiquidatedDamagesInput = z.output<typeof liquidatedDamagesRequestSchema>;

export const liquidatedDamagesSchema = z.object({
  party: z.enum(damagesParties),
  amount: z.string(),
  reason: z.string(),
  at: z.string(),
});
export type LiquidatedDamages = z.infer<typeof liquidatedDamagesSchema>;

/** States a party may urge in (a step waits on someone). */
export const urgeStates = [
  'paid',
  'delivering',
  'verifying',
  'rebinding',
  'signing',
  'disputed',
] as const satisfies readonly OrderState[];
/** Urges a user may send on one order per China day. */
export const URGE_DAILY_LIMIT = 3;

export const urgeRequestSchema = z.object({
  order_no: orderNoSchema,
  note: text('留言', 100).optional(),
});
export type UrgeRequest = z.input<typeof urgeRequestSchema>;

export const urgeListQuerySchema = pageQuerySchema.extend({ order_no: orderNoSchema.optional() });
export type UrgeListQuery = z.input<typeof urgeListQuerySchema>;
export type UrgeListFilter = z.output<typeof urgeListQuerySchema>;

export const urgeSchema = z.object({
  id: z.number().int(),
  order_no: z.string(),
  goods_title: z.string(),
  state: orderStateSchema,
  state_label: z.string(),
  from_role: orderRoleSchema,
  /** Who is asked to act: a party, or customer service in a dispute. */
  to_role: orderRoleSchema,
  /** Whether the viewer sent it. */
  mine: z.boolean(),
  note: z.string(),
  at: z.string(),
});
export type Urge = z.infer<typeof urgeSchema>;
export const urgePageSchema = pageSchema(urgeSchema);
export type UrgePage = z.infer<typeof urgePageSchema>;

export const urgeResultSchema = z.object({
  urge: urgeSchema,
  /** Urges left today on this order. */
  left_today: z.number().int(),
});

export const orderHandoverSchema = z.object({
  order_no: z.string(),
  state: orderStateSchema,
  role: orderRoleSchema,
  credentials: z.object({
    submitted: z.boolean(),
    submitted_at: z.string().nullable(),
    /** The account with its middle hidden (the password never appears here). */
    account_masked: z.string(),
    /** Whether the viewer may reveal them now. */
    can_reveal: z.boolean(),
  }),
  reveal_log: z.array(revealLogEntrySchema),
  videos: z.array(orderVideoSchema),
  rebinding: z.array(rebindingStepSchema),
  urges: z.array(urgeSchema),
  urges_left_today: z.number().int(),
  damages: liquidatedDamagesSchema.nullable(),
  /** The mismatch reason, when verification failed. */
  mismatch_reason: z.string().nullable(),
});
export type OrderHandover = z.infer<typeof orderHandoverSchema>;

/** The middle of an account hidden: `ab****yz`. */
export function maskAccount(account: string): string {
  const chars = Array.from(account);
  if (chars.length <= 2) return '*'.repeat(chars.length);
  const keep = chars.length <= 6 ? 1 : 3;
  return `${chars.slice(0, keep).join('')}****${chars.slice(-keep).join('')}`;
}
