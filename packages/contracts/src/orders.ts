import { z } from 'zod';
import { ErrorCodes } from './error-codes.ts';
import { compensationCodes } from './catalogue.ts';
import type { CompensationOptionCode } from './fees.ts';
import { goodsCardSchema } from './goods.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';
import { paymentChannels } from './payments.ts';
import { defineProcess, type ProcessRole } from './process/engine.ts';
import { processTimelineEntrySchema } from './process/timeline.ts';

/**
 * The guaranteed trade (担保交易, DESIGN §4) as data: the server refuses whatever this table does
 * not allow and the web derives each party's buttons from it (docs/orders.md).
 */
export const orderPaths = {
  /** 包赔 options, coupons and the server's price of a listing before ordering. */
  guarantee: '/app/order/guarantee',
  /** Place an order (locks the listing). */
  place: '/app/order/build/business',
  /** Pay an order (wallet, the rest through the cashier). */
  pay: '/app/order/data/v2',
  detail: '/app/order/detail',
  /** The payment of an order: what was paid from the wallet and through which cashier. */
  payment: '/app/order/alipay_transfer/detail',
  /** Not in SPEC §7: 我买到的 / 我卖出的 with tabs by state. */
  list: '/app/order/list',
  cancel: '/app/order/cancel',
  /** The seller starts the hand-over (开始交付). */
  deliver: '/app/order/deliver',
  /** The buyer finishes rebinding (完成换绑) once every required step is confirmed. */
  finishRebinding: '/app/order/rebinding/finish',
  /** Buyer confirms receipt (确认收货): escrow released to the seller. */
  confirm: '/app/order/confirm',
  /** Customer service takes a step of the table on an order (the staff path). */
  staffStep: '/app/order/staff/step',
  /** Development and tests only: the order's signing completed as if both parties had signed. */
  devCompleteSigning: '/dev/order/complete-signing',
} as const;

export const orderStates = [
  'pending_payment',
  'paid',
  'delivering',
  'verifying',
  'rebinding',
  'signing',
  'protection',
  'completed',
  'expired',
  'cancelled',
  'cancelled_refunded',
  'disputed',
  'refunded',
  'released',
  'split',
] as const;
export const orderStateSchema = z.enum(orderStates);
export type OrderState = z.infer<typeof orderStateSchema>;

export const orderStateLabels: Record<OrderState, string> = {
  pending_payment: '待付款',
  paid: '待发货',
  delivering: '交付中',
  verifying: '待验号',
  rebinding: '换绑中',
  signing: '待签署协议',
  protection: '保障期',
  completed: '已完成',
  expired: '已超时关闭',
  cancelled: '已取消',
  cancelled_refunded: '已退款关闭',
  disputed: '售后处理中',
  refunded: '售后已退款',
  released: '售后已放款',
  split: '售后已分账',
};

/** Seconds to pay once placed. */
export const ORDER_PAY_SECONDS = 15 * 60;
/** Seconds the seller has, once paid, to start the hand-over (the texts promise 6 hours); then a refund. */
export const ORDER_DELIVERY_SECONDS = 6 * 3600;
/** Days escrow is held after the hand-over when the buyer bought no 包赔 option (the texts: 72 hours). */
export const DEFAULT_PROTECTION_DAYS = 3;
/**
 * Days escrow is held after the hand-over, by 包赔 option. The published texts promise 72 hours
 * whatever the option; the 包赔 cover itself lasts the option's protectionDays in fees.ts.
 */
export const protectionHoldDays: Record<CompensationOptionCode, number> = {
  basic: 3,
  extended: 3,
  lifetime: 3,
};
/** Unpaid orders a buyer may hold at once (each holds a listing). */
export const MAX_UNPAID_ORDERS = 3;

export const protectionSecondsOf = (guarantee: CompensationOptionCode | null): number =>
  (guarantee ? protectionHoldDays[guarantee] : DEFAULT_PROTECTION_DAYS) * 24 * 3600;

/**
 * The process of an order. The buyer pays, cancels before paying, checks the account and confirms
 * receipt; the seller hands the account over; customer service may take any hand-over step and
 * resolves disputes (never on an order of their own); the system runs the timers and the steps
 * completed elsewhere (payment through the cashier, protocol signing).
 */
export const orderProcess = defineProcess({
  name: 'order',
  subjectLabel: '订单',
  states: orderStates,
  stateLabels: orderStateLabels,
  initial: 'pending_payment',
  terminal: ['completed', 'expired', 'cancelled', 'cancelled_refunded', 'refunded', 'released', 'split'],
  refusal: { errCode: ErrorCodes.ORDER_STATE_INVALID },
  ownObjectRefusal: { errCode: ErrorCodes.ORDER_STAFF_OWN_ORDER },
  guards: {
    // Evaluated from the order's rebinding checklist (order-handover.ts, docs/orders.md).
    rebinding_done: {
      errCode: ErrorCodes.ORDER_REBINDING_OPEN,
      message: '还有必做的换绑步骤未完成，请逐项确认后再完成换绑',
    },
  },
  transitions: {
    pay: { from: 'pending_payment', to: 'paid', roles: ['buyer', 'system'], label: '付款' },
    cancel: { from: 'pending_payment', to: 'cancelled', roles: ['buyer'], label: '取消订单' },
    expire: {
      from: 'pending_payment',
      to: 'expired',
      roles: ['system'],
      afterSeconds: ORDER_PAY_SECONDS,
      label: '超时未付款关闭',
    },
    /** An unpaid order of a disabled buyer or seller, closed by the sweep of disabled accounts. */
    close_for_disabled_account: {
      from: 'pending_payment',
      to: 'cancelled',
      roles: ['system'],
      label: '账号停用，订单关闭',
    },
    deliver: { from: 'paid', to: 'delivering', roles: ['seller', 'customer_service'], label: '开始交付' },
    delivery_timeout: {
      from: 'paid',
      to: 'cancelled_refunded',
      roles: ['system'],
      afterSeconds: ORDER_DELIVERY_SECONDS,
      label: '卖家超时未交付，自动退款',
    },
    /** A paid order whose seller was disabled before the hand-over began: the buyer is refunded. */
    refund_for_disabled_seller: {
      from: 'paid',
      to: 'cancelled_refunded',
      roles: ['system'],
      label: '卖家账号停用，自动退款',
    },
    submit_account: {
      from: 'delivering',
      to: 'verifying',
      roles: ['seller', 'customer_service'],
      label: '提交账号',
    },
    verify_pass: {
      from: 'verifying',
      to: 'rebinding',
      roles: ['buyer', 'customer_service'],
      label: '验号通过',
    },
    verify_fail: {
      from: 'verifying',
      to: 'cancelled_refunded',
      roles: ['buyer', 'customer_service'],
      label: '账号与描述不符',
    },
    finish_rebinding: {
      from: 'rebinding',
      to: 'signing',
      roles: ['buyer', 'customer_service'],
      guards: ['rebinding_done'],
      label: '换绑完成',
    },
    /**
     * Recorded by a party's own e-signature, in its transaction (the order stays in signing): the
     * order's history then says who signed, and a snapshot removed later shows (docs/esign.md).
     */
    party_sign: { from: 'signing', roles: ['buyer', 'seller'], label: '签署协议' },
    // Only the e-signature itself moves it, once both parties signed: nobody can sign for them.
    sign: { from: 'signing', to: 'protection', roles: ['system'], label: '协议签署完成' },
    confirm_receipt: { from: 'protection', to: 'completed', roles: ['buyer'], label: '确认收货' },
    auto_release: {
      from: 'protection',
      to: 'completed',
      roles: ['system'],
      // The default hold; an order's own hold comes from its 包赔 option (protectionSecondsOf).
      afterSeconds: DEFAULT_PROTECTION_DAYS * 24 * 3600,
      label: '保障期满自动放款',
    },
    dispute: {
      from: ['delivering', 'verifying', 'rebinding', 'signing', 'protection'],
      to: 'disputed',
      roles: ['buyer', 'seller'],
      label: '申请售后',
    },
    /** Staff decide liquidated damages for a broken contract; the order stays where it is. */
    liquidated_damages: {
      from: ['delivering', 'verifying', 'rebinding', 'signing', 'protection', 'disputed'],
      roles: ['customer_service'],
      label: '判定违约金',
    },
    resolve_refund: { from: 'disputed', to: 'refunded', roles: ['customer_service'], label: '售后退款' },
    resolve_release: { from: 'disputed', to: 'released', roles: ['customer_service'], label: '售后放款' },
    resolve_split: { from: 'disputed', to: 'split', roles: ['customer_service'], label: '售后分账' },
  },
});

export type OrderAction = keyof typeof orderProcess.transitions;
export const orderActions = Object.keys(orderProcess.transitions) as [OrderAction, ...OrderAction[]];

/** The parties and staff who act on orders (the columns of the per-role table). */
export const orderRoles = [
  'buyer',
  'seller',
  'customer_service',
  'system',
] as const satisfies readonly ProcessRole[];
export type OrderRole = (typeof orderRoles)[number];

/** States in which the order holds its listing (at most one such order per listing). */
export const orderHoldingStates = [
  'pending_payment',
  'paid',
  'delivering',
  'verifying',
  'rebinding',
  'signing',
  'protection',
  'disputed',
] as const satisfies readonly OrderState[];

/**
 * States an order reaches only once the buyer has paid, whatever happened since. Before payment,
 * and in an order closed unpaid, the parties do not see each other's identity (docs/esign.md).
 */
export const orderPaidStates = [
  'paid',
  'delivering',
  'verifying',
  'rebinding',
  'signing',
  'protection',
  'completed',
  'cancelled_refunded',
  'disputed',
  'refunded',
  'released',
  'split',
] as const satisfies readonly OrderState[];

/** The steps customer service takes through `staffStep` (hand-over and verification). */
export const orderStaffSteps = [
  'deliver',
  'submit_account',
  'verify_pass',
  'finish_rebinding',
] as const satisfies readonly OrderAction[];

/** 我的订单 tabs: a tab is a set of states. */
export const orderTabs = [
  'all',
  'pending_payment',
  'in_progress',
  'completed',
  'closed',
  'after_sales',
] as const;
export type OrderTab = (typeof orderTabs)[number];
export const orderTabLabels: Record<OrderTab, string> = {
  all: '全部',
  pending_payment: '待付款',
  in_progress: '进行中',
  completed: '已完成',
  closed: '已关闭',
  after_sales: '售后',
};
export const orderTabStates: Record<Exclude<OrderTab, 'all'>, readonly OrderState[]> = {
  pending_payment: ['pending_payment'],
  in_progress: ['paid', 'delivering', 'verifying', 'rebinding', 'signing', 'protection'],
  completed: ['completed'],
  closed: ['expired', 'cancelled', 'cancelled_refunded'],
  after_sales: ['disputed', 'refunded', 'released', 'split'],
};

export const orderSides = ['buy', 'sell'] as const;
export type OrderSide = (typeof orderSides)[number];
export const orderSideLabels: Record<OrderSide, string> = { buy: '我买到的', sell: '我卖出的' };

const orderNoSchema = z.string({ error: '订单号不能为空' }).regex(/^O\d{8,30}$/, { error: '订单号无效' });
const goodsIdSchema = z.coerce.number({ error: '商品不存在' }).int().positive({ error: '商品不存在' });
const guaranteeCodeSchema = z.enum(compensationCodes, { error: '包赔服务无效' });

export const orderNoQuerySchema = z.object({ order_no: orderNoSchema });
export type OrderNoQuery = z.infer<typeof orderNoQuerySchema>;

export const orderGuaranteeQuerySchema = z.object({
  goods_id: goodsIdSchema,
  /** Price this choice as `quote`. */
  guarantee: guaranteeCodeSchema.optional(),
  coupon_id: z.coerce.number().int().positive().optional(),
  /** Price at the agreed price of this buyer's bargain (议价) on the listing. */
  bargain_id: z.coerce.number().int().positive().optional(),
});
export type OrderGuaranteeQuery = z.input<typeof orderGuaranteeQuerySchema>;

/** A priced breakdown (amount strings). */
export const orderQuoteSchema = z.object({
  price: z.string(),
  guarantee_code: guaranteeCodeSchema.nullable(),
  guarantee_fee: z.string(),
  discount: z.string(),
  trade_fee: z.string(),
  trade_fee_paid_by_seller: z.boolean(),
  payable: z.string(),
  seller_income: z.string(),
});
export type OrderQuoteData = z.infer<typeof orderQuoteSchema>;

export const orderGuaranteeOptionSchema = z.object({
  code: guaranteeCodeSchema,
  name: z.string(),
  description: z.string(),
  fee: z.string(),
  /** Days of 包赔 cover after completion; null: lifetime. */
  protection_days: z.number().int().nullable(),
});

export const orderCouponChoiceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  amount_off: z.string(),
  threshold: z.string(),
  valid_until: z.string(),
  usable: z.boolean(),
  /** Why not usable on this order ('' when usable). */
  reason: z.string(),
});
export type OrderCouponChoice = z.infer<typeof orderCouponChoiceSchema>;

export const orderGuaranteeSchema = z.object({
  goods: goodsCardSchema,
  /** Whether the viewer can order this listing now, and why not. */
  can_order: z.boolean(),
  reason: z.string(),
  options: z.array(orderGuaranteeOptionSchema),
  coupons: z.array(orderCouponChoiceSchema),
  quote: orderQuoteSchema,
  /** The buyer's wallet balance (available). */
  balance: z.string(),
  pay_seconds: z.number().int(),
});
export type OrderGuarantee = z.infer<typeof orderGuaranteeSchema>;

export const placeOrderRequestSchema = z.object({
  goods_id: goodsIdSchema,
  guarantee: guaranteeCodeSchema.optional(),
  coupon_id: z.number().int().positive().optional(),
  /** Buy at the agreed price of this buyer's bargain; the bargain is used once. */
  bargain_id: z.number().int().positive().optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;

export const orderPayMethods = ['wallet', ...paymentChannels] as const;
export type OrderPayMethod = (typeof orderPayMethods)[number];

export const payOrderRequestSchema = z.object({
  order_no: orderNoSchema,
  /** `wallet`: the whole payable from the balance; a channel: the balance first, the rest at the cashier. */
  method: z.enum(orderPayMethods, { error: '请选择支付方式' }),
});
export type PayOrderRequest = z.input<typeof payOrderRequestSchema>;

export const orderRoleSchema = z.enum(orderRoles);

export const orderDeadlinesSchema = z.object({
  pay_by: z.string().nullable(),
  deliver_by: z.string().nullable(),
  release_at: z.string().nullable(),
});

export const orderListItemSchema = z.object({
  order_no: z.string(),
  state: orderStateSchema,
  state_label: z.string(),
  goods: goodsCardSchema,
  payable: z.string(),
  created_at: z.string(),
  /** The viewer's role in the order. */
  role: orderRoleSchema,
  deadlines: orderDeadlinesSchema,
  actions: z.array(z.enum(orderActions)),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

export const orderDetailSchema = orderListItemSchema.extend({
  quote: orderQuoteSchema,
  /** What escrow holds for the order now. */
  escrow: z.string(),
  wallet_paid: z.string(),
  gateway_paid: z.string(),
  paid_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /** The pending cashier payment of the rest, when the buyer chose one. */
  cashier_url: z.string().nullable(),
  /** The buyer's wallet balance while the order waits for payment (the pay sheet); else null. */
  balance: z.string().nullable(),
  timeline: z.array(processTimelineEntrySchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

export const payOrderResultSchema = z.object({
  order: orderDetailSchema,
  /** Non-null: the rest is paid at this cashier; the order is paid when its notify arrives. */
  cashier_url: z.string().nullable(),
});
export type PayOrderResult = z.infer<typeof payOrderResultSchema>;

export const orderPaymentSchema = z.object({
  order_no: z.string(),
  state: orderStateSchema,
  payable: z.string(),
  wallet_paid: z.string(),
  gateway_paid: z.string(),
  /** The cashier recharge of the rest, when any. */
  gateway: z
    .object({
      recharge_no: z.string(),
      channel: z.enum(paymentChannels),
      amount: z.string(),
      status: z.string(),
    })
    .nullable(),
  paid_at: z.string().nullable(),
  pay_by: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderListQuerySchema = pageQuerySchema.extend({
  side: z.enum(orderSides, { error: '订单类型无效' }).default('buy'),
  tab: z.enum(orderTabs, { error: '订单状态无效' }).default('all'),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderListSchema = pageSchema(orderListItemSchema).extend({
  counts: z.record(z.enum(orderTabs), z.number().int()),
});
export type OrderList = z.infer<typeof orderListSchema>;

export const orderStaffStepRequestSchema = z.object({
  order_no: orderNoSchema,
  action: z.enum(orderStaffSteps, { error: '操作无效' }),
  reason: z.string().max(200).optional(),
});
export type OrderStaffStepRequest = z.input<typeof orderStaffStepRequestSchema>;
