import { z } from 'zod';
import { fenToAmount } from './amount.ts';
import { compensationCodes } from './catalogue.ts';
import { CONTACT_DETAILS_MESSAGE, hasNoContact } from './contact-detector.ts';
import { ErrorCodes } from './error-codes.ts';
import { feeSchedule, type CompensationOption, type CompensationOptionCode } from './fees.ts';
import { goodsCardSchema, goodsDataSchema } from './goods.ts';
import { guaranteePrice } from './order-pricing.ts';
import { amountSchema } from './money.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { requestText } from './primitives.ts';
import { defineProcess } from './process/engine.ts';
import { processTimelineEntrySchema } from './process/timeline.ts';

/**
 * 官方包赔 (the guarantee plans) and 找回包赔 claims (issue 11 F). The plans are the 包赔 options of
 * the fee schedule (`feeSchedule.compensation` in fees.ts): one table, read by the order's price
 * (`/app/order/guarantee`), the plans page and the claims' caps. A claim is a process of its own on
 * the one engine, filed by the buyer of a completed order whose plan is still in force.
 */
export const guaranteePaths = {
  /** SPEC §7: the plans, each priced for `price` when given. */
  plans: '/app/official_guarantee',
  /** SPEC §7: what one order's plan covers, its status and the protection time left. */
  orderPlan: '/app/official_guarantee/v2',
} as const;

/** SPEC §7 "Claims and law (GET, /app/dog)": /claims, /claims/v3, /claims/v4, /main; the writes are ours. */
export const claimPaths = {
  /** The viewer's claims (/offlineRetrievalList). */
  mine: '/app/dog/claims',
  /** One claim with its timeline (/offlineRetrievalDetails). */
  detail: '/app/dog/claims/v3',
  /** Customer service's queue of claims (/offlineOrderHandle). */
  staffList: '/app/dog/claims/v4',
  /** Figures of claims and compensation (/offlineOrderData). */
  data: '/app/dog/main',
  file: '/app/dog/claims/apply',
  supplement: '/app/dog/claims/supplement',
  withdraw: '/app/dog/claims/withdraw',
  review: '/app/dog/claims/review',
  compensate: '/app/dog/claims/compensate',
} as const;

/** SPEC §7 Recovery GET /resell/list: the buyer's purchases that can be listed again (/resellList). */
export const resellPaths = {
  list: '/app/recovery/resell/list',
  /** Ours: the publish draft of a purchase to list again, with copies of its screenshots. */
  draft: '/app/recovery/resell/draft',
} as const;

const BP_PER_WHOLE = 10_000;
const DAY_MS = 24 * 3600 * 1000;

export const guaranteePlanOf = (code: CompensationOptionCode): CompensationOption | undefined =>
  feeSchedule.compensation.find((option) => option.code === code);

/**
 * The most one order's claims may be compensated with under its plan (fen): the plan's share of what
 * the buyer paid for the account and has not had back, the deal price less `refundedFen` (what a
 * split dispute refunded them). The buyer never recovers more than the price, and the seller, charged
 * back on the compensation, is not charged for the part of the price the split gave back.
 */
export const claimCapFen = (priceFen: number, plan: CompensationOption, refundedFen: number) =>
  Math.floor((Math.max(priceFen - refundedFen, 0) * plan.compensationRatioBp) / BP_PER_WHOLE);

/** What a paid compensation charges back to the seller's deposit under the plan (fen, before what it holds). */
export const sellerChargebackFen = (compensationFen: number, plan: CompensationOption) =>
  Math.floor((compensationFen * plan.sellerChargebackBp) / BP_PER_WHOLE);

/** When the plan's cover ends: protectionDays after completion; null: lifetime. */
export const coveredUntil = (completedAt: Date, plan: CompensationOption): Date | null =>
  plan.protectionDays === null ? null : new Date(completedAt.getTime() + plan.protectionDays * DAY_MS);

/** One line of the plans table: the summary the listing and the order show under a 包赔 option. */
export const guaranteePlanSummary = (plan: CompensationOption): string =>
  `${plan.protectionDays === null ? '终身有效' : `成交后${plan.protectionDays}天内`}${plan.covers[0] ?? ''}按成交价${plan.compensationRatioBp / 100}%赔付；买家支付成交价的${plan.rateBp / 100}%`;

const guaranteeCodeSchema = z.enum(compensationCodes, { error: '包赔服务无效' });

export const guaranteePlanSchema = z.object({
  code: guaranteeCodeSchema,
  name: z.string(),
  summary: z.string(),
  covers: z.array(z.string()),
  /** The fee rate, e.g. "3%", and the least fee. */
  rate: z.string(),
  min_fee: z.string(),
  /** Priced for the `price` asked; null without one. */
  fee: z.string().nullable(),
  /** Share of the deal price compensated, e.g. "100%". */
  compensation_ratio: z.string(),
  /** The compensation cap for the `price` asked; null without one. */
  max_compensation: z.string().nullable(),
  /** Days of cover after completion; null: lifetime. */
  protection_days: z.number().int().nullable(),
});
export type GuaranteePlan = z.infer<typeof guaranteePlanSchema>;

export const guaranteePlansQuerySchema = z.object({
  /** A deal price (yuan) to price every plan for. */
  price: amountSchema.optional(),
});
export type GuaranteePlansQuery = z.input<typeof guaranteePlansQuerySchema>;

export const guaranteePlansSchema = z.object({
  plans: z.array(guaranteePlanSchema),
  price: z.string().nullable(),
});
export type GuaranteePlans = z.infer<typeof guaranteePlansSchema>;

/** The plans table for a price (fen) or none. */
export function guaranteePlans(priceFen: number | null): GuaranteePlans {
  return {
    price: priceFen === null ? null : fenToAmount(priceFen),
    plans: feeSchedule.compensation.map((plan) => ({
      code: plan.code,
      name: plan.name,
      summary: guaranteePlanSummary(plan),
      covers: [...plan.covers],
      rate: `${plan.rateBp / 100}%`,
      min_fee: fenToAmount(plan.minFen),
      fee: priceFen === null ? null : fenToAmount(guaranteePrice(priceFen, plan.code)?.feeFen ?? 0),
      compensation_ratio: `${plan.compensationRatioBp / 100}%`,
      max_compensation: priceFen === null ? null : fenToAmount(claimCapFen(priceFen, plan, 0)),
      protection_days: plan.protectionDays,
    })),
  };
}

/**
 * Where an order's cover stands: none bought; pending (the order is not completed yet: cover starts
 * at completion); in_force; lapsed (the protection days have passed); void (the order closed without
 * the buyer keeping the account); claimed (a claim was compensated: the cover is used up).
 */
export const orderPlanStatuses = ['none', 'pending', 'in_force', 'lapsed', 'void', 'claimed'] as const;
export type OrderPlanStatus = (typeof orderPlanStatuses)[number];
export const orderPlanStatusLabels: Record<OrderPlanStatus, string> = {
  none: '未购买包赔',
  pending: '待生效（订单完成后开始保障）',
  in_force: '保障中',
  lapsed: '已过保障期',
  void: '未生效（订单已关闭）',
  claimed: '已赔付',
};

const orderNoSchema = z.string({ error: '订单号不能为空' }).regex(/^O\d{8,30}$/, { error: '订单号无效' });
const claimNoSchema = z.string({ error: '找回单号不能为空' }).regex(/^C\d{8,30}$/, { error: '找回单号无效' });

export const orderPlanQuerySchema = z.object({ order_no: orderNoSchema });
export type OrderPlanQuery = z.input<typeof orderPlanQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Claims (找回包赔)
// ---------------------------------------------------------------------------------------------

export const claimStates = [
  'submitted',
  'info_requested',
  'accepted',
  'rejected',
  'compensated',
  'withdrawn',
  'closed',
] as const;
export type ClaimState = (typeof claimStates)[number];
export const claimStateLabels: Record<ClaimState, string> = {
  submitted: '待审核',
  info_requested: '待补充材料',
  accepted: '已受理，待赔付',
  rejected: '已驳回',
  compensated: '已赔付',
  withdrawn: '已撤回',
  closed: '已关闭（逾期未补充材料）',
};
/** States of a claim still being handled (an order has at most one claim in these or compensated). */
export const openClaimStates = [
  'submitted',
  'info_requested',
  'accepted',
] as const satisfies readonly ClaimState[];

/**
 * How long the claimant has to send what customer service asked for (待补充材料): 7 days. Long
 * enough to gather what staff usually ask (the game's retrieval or ban notice, chat records with the
 * seller, the phone or e-mail change history), and to ask the game's support for it, which answers
 * within days; short enough that an abandoned claim does not hold the order's cover (a claim in
 * this state blocks a new filing) nor sit in the staff queue for ever. Then the claim is closed for
 * lack of information (`close_unsupplemented`); the buyer may file again while the plan is in force.
 */
export const CLAIM_SUPPLEMENT_DAYS = 7;
export const CLAIM_SUPPLEMENT_SECONDS = CLAIM_SUPPLEMENT_DAYS * 24 * 3600;
/** The claimant is reminded one day before that deadline (`remind_supplement`). */
export const CLAIM_SUPPLEMENT_REMINDER_SECONDS = CLAIM_SUPPLEMENT_SECONDS - 24 * 3600;

/**
 * The claim process: the buyer (`owner`) files and may supplement or withdraw while it is not
 * decided; customer service asks for more, accepts with an amount (capped by the plan) or rejects
 * with a reason, then pays the compensation from the compensation pool (never on their own claim).
 * A claim waiting for the buyer's material is reminded, then closed by the system's timers.
 */
export const claimProcess = defineProcess({
  name: 'guarantee_claim',
  subjectLabel: '找回申请',
  states: claimStates,
  stateLabels: claimStateLabels,
  initial: 'submitted',
  terminal: ['rejected', 'compensated', 'withdrawn', 'closed'],
  refusal: { errCode: ErrorCodes.CLAIM_STATE_INVALID },
  ownObjectRefusal: { errCode: ErrorCodes.CLAIM_STAFF_OWN },
  guards: {},
  transitions: {
    request_info: {
      from: 'submitted',
      to: 'info_requested',
      roles: ['customer_service'],
      label: '要求补充材料',
    },
    supplement: { from: 'info_requested', to: 'submitted', roles: ['owner'], label: '补充材料' },
    accept: { from: 'submitted', to: 'accepted', roles: ['customer_service'], label: '审核通过' },
    reject: {
      from: ['submitted', 'info_requested'],
      to: 'rejected',
      roles: ['customer_service'],
      label: '驳回申请',
    },
    withdraw: { from: ['submitted', 'info_requested'], to: 'withdrawn', roles: ['owner'], label: '撤回申请' },
    compensate: { from: 'accepted', to: 'compensated', roles: ['customer_service'], label: '赔付到账' },
    /** A day before the deadline: the claim stays, the buyer is reminded. */
    remind_supplement: {
      from: 'info_requested',
      roles: ['system'],
      afterSeconds: CLAIM_SUPPLEMENT_REMINDER_SECONDS,
      label: '提醒补充材料',
    },
    close_unsupplemented: {
      from: 'info_requested',
      to: 'closed',
      roles: ['system'],
      afterSeconds: CLAIM_SUPPLEMENT_SECONDS,
      label: '逾期未补充材料，自动关闭',
    },
  },
});
export type ClaimAction = keyof typeof claimProcess.transitions;
export const claimActions = Object.keys(claimProcess.transitions) as [ClaimAction, ...ClaimAction[]];
export const claimReviewActions = [
  'request_info',
  'accept',
  'reject',
] as const satisfies readonly ClaimAction[];
export type ClaimReviewAction = (typeof claimReviewActions)[number];

export const CLAIM_MAX_EVIDENCE = 9;
export const CLAIM_TEXT_MAX = 500;

const claimTextSchema = (required: string, min = 1) =>
  requestText(required)
    .trim()
    .min(min, required)
    .max(CLAIM_TEXT_MAX, `最多${CLAIM_TEXT_MAX}字`)
    .refine(hasNoContact, CONTACT_DETAILS_MESSAGE);
/** Stored upload keys (purpose `dispute`: after-sales evidence) of the writer. */
const claimEvidenceSchema = z
  .array(requestText().min(1).max(300))
  .max(CLAIM_MAX_EVIDENCE, `凭证最多${CLAIM_MAX_EVIDENCE}张`)
  .default([]);

export const fileClaimRequestSchema = z.object({
  order_no: orderNoSchema,
  description: claimTextSchema('请描述账号被找回的经过', 10),
  images: claimEvidenceSchema.refine((keys) => keys.length > 0, '请上传至少一张凭证截图'),
});
export type FileClaimRequest = z.input<typeof fileClaimRequestSchema>;
export type FileClaimInput = z.output<typeof fileClaimRequestSchema>;

export const claimNoQuerySchema = z.object({ claim_no: claimNoSchema });
export type ClaimNoQuery = z.input<typeof claimNoQuerySchema>;

export const supplementClaimRequestSchema = z.object({
  claim_no: claimNoSchema,
  description: claimTextSchema('请填写补充说明'),
  images: claimEvidenceSchema,
});
export type SupplementClaimRequest = z.input<typeof supplementClaimRequestSchema>;
export type SupplementClaimInput = z.output<typeof supplementClaimRequestSchema>;

export const withdrawClaimRequestSchema = claimNoQuerySchema;

export const reviewClaimRequestSchema = z
  .object({
    claim_no: claimNoSchema,
    action: z.enum(claimReviewActions, { error: '请选择处理方式' }),
    reason: requestText('请填写处理理由').trim().min(2, '请填写处理理由').max(CLAIM_TEXT_MAX),
    /** accept only: the compensation decided (at most the plan's cap). */
    amount: amountSchema.optional(),
  })
  .refine((value) => (value.action === 'accept') === (value.amount !== undefined), {
    message: '审核通过时须填写赔付金额，其他操作不填',
    path: ['amount'],
  });
export type ReviewClaimRequest = z.input<typeof reviewClaimRequestSchema>;
export type ReviewClaimInput = z.output<typeof reviewClaimRequestSchema>;

export const compensateClaimRequestSchema = claimNoQuerySchema;

export const claimListItemSchema = z.object({
  claim_no: z.string(),
  order_no: z.string(),
  goods: goodsCardSchema,
  state: z.enum(claimStates),
  state_label: z.string(),
  plan_name: z.string(),
  /** The plan's cap for this order. */
  max_compensation: z.string(),
  /** Decided on acceptance; null before. */
  compensation: z.string().nullable(),
  created_at: z.string(),
});
export type ClaimListItem = z.infer<typeof claimListItemSchema>;

export const claimListQuerySchema = pageQuerySchema;
export const claimListSchema = pageSchema(claimListItemSchema);
export type ClaimList = z.infer<typeof claimListSchema>;

export const claimStaffTabs = ['open', 'done'] as const;
export type ClaimStaffTab = (typeof claimStaffTabs)[number];
export const claimStaffListQuerySchema = pageQuerySchema.extend({
  tab: z.enum(claimStaffTabs, { error: '状态无效' }).default('open'),
  /** A claim no or order no, or its beginning. */
  q: z.string().trim().max(40).optional(),
});
export type ClaimStaffListQuery = z.input<typeof claimStaffListQuerySchema>;

export const claimDetailSchema = claimListItemSchema.extend({
  viewer_role: z.enum(['buyer', 'customer_service']),
  plan: guaranteePlanSchema,
  price: z.string(),
  description: z.string(),
  /** Every picture filed, the first filing's and each supplement's, as URLs. */
  images: z.array(z.string()),
  /** What the seller's deposit was charged back (after payment). */
  seller_charged: z.string().nullable(),
  compensated_at: z.string().nullable(),
  /**
   * While customer service waits for the buyer's material (info_requested): when the claim closes
   * unless the buyer supplements (CLAIM_SUPPLEMENT_DAYS after the request); null otherwise.
   */
  supplement_deadline: z.string().nullable(),
  /** The viewer's buttons, from the process table. */
  actions: z.array(z.enum(claimActions)),
  timeline: z.array(processTimelineEntrySchema),
});
export type ClaimDetail = z.infer<typeof claimDetailSchema>;

export const orderPlanSchema = z.object({
  order_no: z.string(),
  goods: goodsCardSchema,
  price: z.string(),
  viewer_role: z.enum(['buyer', 'seller', 'customer_service']),
  /** What a split dispute refunded the buyer; the plan covers the rest of the price ("0.00": none). */
  refunded: z.string(),
  /** null: the order carries no plan. Its max_compensation is this order's cap, the refund deducted. */
  plan: guaranteePlanSchema.nullable(),
  status: z.enum(orderPlanStatuses),
  status_label: z.string(),
  completed_at: z.string().nullable(),
  /** null: not started, lifetime, or no plan. */
  covered_until: z.string().nullable(),
  /** Seconds of cover left (null: lifetime or not in force). */
  remaining_seconds: z.number().int().nullable(),
  can_claim: z.boolean(),
  /** Why not ('' when the buyer can file). */
  reason: z.string(),
  claims: z.array(claimListItemSchema),
});
export type OrderPlan = z.infer<typeof orderPlanSchema>;

export const claimDataRowSchema = z.object({
  /** A plan code, or `all` for the totals row. */
  key: z.string(),
  label: z.string(),
  filed: z.number().int(),
  open: z.number().int(),
  rejected: z.number().int(),
  withdrawn: z.number().int(),
  /** Closed by the system: the buyer did not supplement in time. */
  closed: z.number().int(),
  compensated: z.number().int(),
  compensation: z.string(),
  seller_charged: z.string(),
});
export type ClaimDataRow = z.infer<typeof claimDataRowSchema>;

export const claimDataSchema = z.object({
  rows: z.array(claimDataRowSchema),
  /** What the compensation pool holds now. */
  pool_balance: z.string(),
});
export type ClaimData = z.infer<typeof claimDataSchema>;

// ---------------------------------------------------------------------------------------------
// Resell (转卖)
// ---------------------------------------------------------------------------------------------

export const resellItemSchema = z.object({
  order_no: z.string(),
  goods: goodsCardSchema,
  /** What the buyer paid for it (the deal price). */
  price: z.string(),
  completed_at: z.string(),
  /** Where 转卖 leads: the publish flow filled in from the bought listing (`?resell=<order_no>`). */
  publish_path: z.string(),
});
export type ResellItem = z.infer<typeof resellItemSchema>;
export const resellListQuerySchema = pageQuerySchema;
export const resellListSchema = pageSchema(resellItemSchema);
export type ResellList = z.infer<typeof resellListSchema>;

export const resellDraftRequestSchema = z.object({ order_no: orderNoSchema });
export type ResellDraftRequest = z.input<typeof resellDraftRequestSchema>;

/**
 * 转卖: the listing the buyer bought, as a new draft of theirs: game, platform, partition,
 * attributes, bindings, title, description and screenshots (copied into the buyer's own uploads, so
 * the new listing owns them). Price and the account's login hint are left for the new seller.
 */
export const resellDraftSchema = goodsDataSchema
  .pick({
    game_id: true,
    platform: true,
    partition_id: true,
    title: true,
    description: true,
    attrs: true,
    bindings: true,
    screenshots: true,
  })
  .extend({ order_no: z.string() });
export type ResellDraft = z.infer<typeof resellDraftSchema>;
