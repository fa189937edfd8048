import { z } from 'zod';
import { requestText, textSchema } from './primitives.ts';
import { amountSchema } from './money.ts';
import { phoneSchema } from './identity.ts';
import { ErrorCodes } from './error-codes.ts';
import { defineProcess } from './process/engine.ts';

/** Recharge (SPEC §7 /app/recharge) and the payment notify callback; `records` is not in SPEC. */
export const paymentPaths = {
  rechargeMain: '/app/recharge/main',
  rechargeUserInfo: '/app/recharge/user_info',
  rechargeExchange: '/app/recharge/exchange',
  rechargeExchangeConfirm: '/app/recharge/exchange/confirm',
  rechargeProxy: '/app/recharge/proxy',
  rechargeRecords: '/app/recharge/records',
  /** `{id}` is the channel: `/app/order/pay/callback/wechat`, `/app/order/pay/callback/alipay`. */
  payCallback: '/app/order/pay/callback/:id',
} as const;

export const paymentChannels = ['wechat', 'alipay'] as const;
export type PaymentChannel = (typeof paymentChannels)[number];
export const paymentChannelLabels: Record<PaymentChannel, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
};

export const rechargeStatuses = ['pending', 'paid', 'closed'] as const;
export type RechargeStatus = (typeof rechargeStatuses)[number];
export const rechargeStatusLabels: Record<RechargeStatus, string> = {
  pending: '待支付',
  paid: '充值成功',
  closed: '已关闭',
};

/** How long a recharge waits for its payment before the system closes it. */
export const RECHARGE_PAYMENT_SECONDS = 1800;

/**
 * The process of a recharge: paid when the gateway reports the payment (even after the close: the
 * money was received), closed by the system 30 minutes after creation or when the gateway says so.
 */
export const rechargeProcess = defineProcess({
  name: 'recharge',
  states: rechargeStatuses,
  stateLabels: rechargeStatusLabels,
  initial: 'pending',
  terminal: ['paid'],
  refusal: { errCode: ErrorCodes.PROCESS_STATE_INVALID },
  guards: {},
  transitions: {
    pay: { from: ['pending', 'closed'], to: 'paid', roles: ['system'], label: '支付成功' },
    close: {
      from: 'pending',
      to: 'closed',
      roles: ['system'],
      afterSeconds: RECHARGE_PAYMENT_SECONDS,
      label: '超时关闭',
    },
  },
});

/** Limits in fen. */
export const rechargeLimits = {
  minFen: 100,
  maxFen: 5_000_000,
  dailyMaxFen: 20_000_000,
  proxyMaxFen: 500_000,
  maxPendingOrders: 5,
} as const;

export const RECHARGE_PRESET_AMOUNTS = ['10.00', '50.00', '100.00', '200.00', '500.00', '1000.00'] as const;

const channelSchema = z.enum(paymentChannels, { error: '请选择支付方式' });

/** Where the cashier sends the user back: a path of this site only (no open redirect). */
const returnPathSchema = textSchema
  .trim()
  .max(200, '返回地址过长')
  .regex(/^\/(?![/\\])[\w\-./?=&%]*$/, '返回地址无效')
  .optional();

export const rechargeExchangeRequestSchema = z.object({
  amount: amountSchema,
  channel: channelSchema,
  return_path: returnPathSchema,
});
export type RechargeExchangeRequest = z.input<typeof rechargeExchangeRequestSchema>;

export const rechargeProxyRequestSchema = rechargeExchangeRequestSchema.extend({
  phone: phoneSchema,
});
export type RechargeProxyRequest = z.input<typeof rechargeProxyRequestSchema>;

export const orderNoSchema = requestText('请提供充值订单号')
  .trim()
  .regex(/^R\d{8,32}$/, '充值订单号格式有误');

export const rechargeConfirmRequestSchema = z.object({ order_no: orderNoSchema });
export type RechargeConfirmRequest = z.input<typeof rechargeConfirmRequestSchema>;

export const rechargeOrderSchema = z.object({
  order_no: z.string(),
  amount: z.string(),
  channel: z.enum(paymentChannels),
  status: z.enum(rechargeStatuses),
  /** Set for 代充: the masked phone of the user whose wallet receives the money. */
  beneficiary_phone: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type RechargeOrder = z.infer<typeof rechargeOrderSchema>;

export const rechargeCreatedSchema = rechargeOrderSchema.extend({
  /** The cashier page of the payment provider (a path on this server for the sandbox gateway). */
  cashier_url: z.string(),
});
export type RechargeCreated = z.infer<typeof rechargeCreatedSchema>;

export const rechargeMainSchema = z.object({
  channels: z.array(z.object({ channel: z.enum(paymentChannels), name: z.string(), enabled: z.boolean() })),
  presets: z.array(z.string()),
  min_amount: z.string(),
  max_amount: z.string(),
  daily_max_amount: z.string(),
  proxy_max_amount: z.string(),
  notes: z.array(z.string()),
});
export type RechargeMain = z.infer<typeof rechargeMainSchema>;

export const rechargeUserInfoSchema = z.object({
  available: z.string(),
  frozen: z.string(),
  /** Paid today (China time), for the daily limit. */
  today_paid: z.string(),
  today_remaining: z.string(),
  pending_count: z.number().int(),
  recent: z.array(rechargeOrderSchema),
});
export type RechargeUserInfo = z.infer<typeof rechargeUserInfoSchema>;

export const rechargeRecordsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(rechargeStatuses).optional(),
});
