import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { orderRoleSchema, orderStateSchema } from './orders.ts';
import { goodsCardSchema } from './goods.ts';
import { processTimelineEntrySchema } from './process/timeline.ts';
import { amountSchema } from './money.ts';
import { hasNoContact, CONTACT_DETAILS_MESSAGE } from './contact-detector.ts';
import { requestText } from './primitives.ts';

/**
 * After-sales disputes (售后, DESIGN §4: delivering..protection → disputed → refunded | released |
 * split). A party opens one with a reason and evidence; both parties and customer service write in
 * its thread; customer service resolves it. The transitions are the order process's own
 * (`dispute`, `resolve_*` in orders.ts); this is the dispute record and its thread.
 */
export const disputePaths = {
  open: '/app/order/refund/apply',
  detail: '/app/order/refund/detail',
  message: '/app/order/refund/message',
  /** Customer service: the queue of disputes (open by default), searchable by order no. */
  staffList: '/app/order/refund/staff/list',
  resolve: '/app/order/refund/resolve',
} as const;

export const disputeReasons = [
  'not_as_described',
  'cannot_login',
  'retrieved',
  'rebind_refused',
  'counterpart_unresponsive',
  'other',
] as const;
export type DisputeReason = (typeof disputeReasons)[number];
export const disputeReasonLabels: Record<DisputeReason, string> = {
  not_as_described: '账号与描述不符',
  cannot_login: '账号无法登录',
  retrieved: '账号被找回',
  rebind_refused: '对方不配合换绑',
  counterpart_unresponsive: '对方长时间无响应',
  other: '其他原因',
};

export const disputeOutcomes = ['refund', 'release', 'split'] as const;
export type DisputeOutcome = (typeof disputeOutcomes)[number];
export const disputeOutcomeLabels: Record<DisputeOutcome, string> = {
  refund: '全额退款给买家',
  release: '放款给卖家',
  split: '按比例分账',
};
/** The order action each outcome takes (orders.ts). */
export const disputeOutcomeActions = {
  refund: 'resolve_refund',
  release: 'resolve_release',
  split: 'resolve_split',
} as const satisfies Record<DisputeOutcome, string>;

export const DISPUTE_MAX_EVIDENCE = 9;
export const DISPUTE_TEXT_MAX = 500;

const orderNoSchema = z.string({ error: '订单号不能为空' }).regex(/^O\d{8,30}$/, { error: '订单号无效' });
/** Stored upload keys (purpose `dispute`) of the writer. */
const evidenceSchema = z
  .array(requestText().min(1).max(300))
  .max(DISPUTE_MAX_EVIDENCE, `凭证最多${DISPUTE_MAX_EVIDENCE}张`)
  .default([]);
const disputeTextSchema = (required: string) =>
  requestText(required)
    .trim()
    .min(1, required)
    .max(DISPUTE_TEXT_MAX, `最多${DISPUTE_TEXT_MAX}字`)
    .refine(hasNoContact, CONTACT_DETAILS_MESSAGE);

export const openDisputeRequestSchema = z.object({
  order_no: orderNoSchema,
  reason: z.enum(disputeReasons, { error: '请选择售后原因' }),
  description: disputeTextSchema('请描述遇到的问题'),
  images: evidenceSchema,
});
export type OpenDisputeRequest = z.input<typeof openDisputeRequestSchema>;
export type OpenDisputeInput = z.output<typeof openDisputeRequestSchema>;

export const disputeMessageRequestSchema = z.object({
  order_no: orderNoSchema,
  content: disputeTextSchema('请填写留言内容'),
  images: evidenceSchema,
});
export type DisputeMessageRequest = z.input<typeof disputeMessageRequestSchema>;
export type DisputeMessageInput = z.output<typeof disputeMessageRequestSchema>;

export const resolveDisputeRequestSchema = z
  .object({
    order_no: orderNoSchema,
    outcome: z.enum(disputeOutcomes, { error: '请选择处理结果' }),
    /** split only: what the buyer gets back and what goes to the seller's side (before fees). */
    buyer_amount: amountSchema.optional(),
    seller_amount: amountSchema.optional(),
    reason: requestText('请填写处理理由').trim().min(2, '请填写处理理由').max(DISPUTE_TEXT_MAX),
  })
  .refine(
    (value) =>
      value.outcome === 'split'
        ? value.buyer_amount !== undefined && value.seller_amount !== undefined
        : value.buyer_amount === undefined && value.seller_amount === undefined,
    { message: '仅分账需要填写买家与卖家金额，且两项都要填', path: ['buyer_amount'] },
  );
export type ResolveDisputeRequest = z.input<typeof resolveDisputeRequestSchema>;
export type ResolveDisputeInput = z.output<typeof resolveDisputeRequestSchema>;

export const disputeMessageSchema = z.object({
  id: z.number().int(),
  author_role: orderRoleSchema,
  content: z.string(),
  images: z.array(z.string()),
  created_at: z.string(),
  /** Written by the viewer. */
  mine: z.boolean(),
});
export type DisputeMessage = z.infer<typeof disputeMessageSchema>;

export const disputeStates = ['open', 'resolved'] as const;
export const disputeStateLabels: Record<(typeof disputeStates)[number], string> = {
  open: '处理中',
  resolved: '已处理',
};

/** How a resolution divided the escrow (amount strings). */
export const disputeSettlementSchema = z.object({
  outcome: z.enum(disputeOutcomes),
  outcome_label: z.string(),
  buyer_amount: z.string(),
  seller_amount: z.string(),
  /** The platform's trade fee and 包赔 fee charged on the seller's part. */
  fee_amount: z.string(),
  reason: z.string(),
  resolved_at: z.string(),
});

export const disputeDetailSchema = z.object({
  order_no: z.string(),
  order_state: orderStateSchema,
  order_state_label: z.string(),
  goods: goodsCardSchema,
  payable: z.string(),
  /** What escrow holds for the order now (what a split divides). */
  escrow: z.string(),
  viewer_role: orderRoleSchema,
  state: z.enum(disputeStates),
  opened_by: orderRoleSchema,
  reason: z.enum(disputeReasons),
  reason_label: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  created_at: z.string(),
  messages: z.array(disputeMessageSchema),
  settlement: disputeSettlementSchema.nullable(),
  /** The order's timeline (the engine's history). */
  timeline: z.array(processTimelineEntrySchema),
});
export type DisputeDetail = z.infer<typeof disputeDetailSchema>;

export const disputeNoQuerySchema = z.object({ order_no: orderNoSchema });

export const disputeStaffListQuerySchema = pageQuerySchema.extend({
  state: z.enum(disputeStates, { error: '状态无效' }).default('open'),
  /** An order no, or its beginning. */
  q: requestText().trim().max(40).optional(),
});
export type DisputeStaffListQuery = z.input<typeof disputeStaffListQuerySchema>;
export type DisputeStaffListInput = z.output<typeof disputeStaffListQuerySchema>;

export const disputeListItemSchema = z.object({
  order_no: z.string(),
  goods_title: z.string(),
  payable: z.string(),
  escrow: z.string(),
  state: z.enum(disputeStates),
  opened_by: orderRoleSchema,
  reason_label: z.string(),
  created_at: z.string(),
  /** Whether the viewer may resolve it (never on their own order). */
  can_resolve: z.boolean(),
});
export type DisputeListItem = z.infer<typeof disputeListItemSchema>;
export const disputeListSchema = pageSchema(disputeListItemSchema);
export type DisputeList = z.infer<typeof disputeListSchema>;

/** The escrow of an order as a split sees it (fen). */
export interface SplitBasis {
  escrowFen: number;
  payableFen: number;
  sellerIncomeFen: number;
  guaranteeFeeFen: number;
}

export interface SplitShares {
  buyerFen: number;
  /** What the seller's wallet receives. */
  sellerNetFen: number;
  platformFeeFen: number;
  guaranteeFeeFen: number;
}

/**
 * A staff-entered split of the escrow (docs/orders.md): `buyer + seller` must equal what escrow
 * holds, both above 0, and the buyer cannot get back more than they paid (the coupon subsidy is not
 * theirs). The seller's part pays the platform's take pro rata: the trade fee and the 包赔 fee that a
 * release would charge on the whole escrow, times seller / escrow, each rounded down (in the seller's
 * favour). Answers null when the amounts are invalid.
 */
export function splitShares(basis: SplitBasis, buyerFen: number, sellerFen: number): SplitShares | null {
  const valid =
    Number.isSafeInteger(buyerFen) &&
    Number.isSafeInteger(sellerFen) &&
    buyerFen > 0 &&
    sellerFen > 0 &&
    buyerFen + sellerFen === basis.escrowFen &&
    buyerFen <= basis.payableFen;
  if (!valid) return null;
  const tradeFee = basis.escrowFen - basis.sellerIncomeFen - basis.guaranteeFeeFen;
  const platformFeeFen = Math.floor((tradeFee * sellerFen) / basis.escrowFen);
  const guaranteeFeeFen = Math.floor((basis.guaranteeFeeFen * sellerFen) / basis.escrowFen);
  return {
    buyerFen,
    sellerNetFen: sellerFen - platformFeeFen - guaranteeFeeFen,
    platformFeeFen,
    guaranteeFeeFen,
  };
}
