import { z } from 'zod';
import { coercedId, textSchema } from './primitives.ts';
import { amountSchema } from './money.ts';
import { pageQuerySchema } from './pagination.ts';
import { ErrorCodes } from './error-codes.ts';
import { defineProcess } from './process/engine.ts';
import { processTimelineEntrySchema } from './process/timeline.ts';

/**
 * Withdrawals (提现): the user's money leaves the platform to a payout method (bank card, Alipay,
 * WeChat). Amounts are amount strings on the wire ("50.00") and integer fen on the server.
 */

export const withdrawalPaths = {
  page: '/app/user/withdraw/page',
  alert: '/app/user/withdraw/alert',
  withdraw: '/app/user/withdraw',
  list: '/app/user/withdraw/list',
  /** Not in SPEC §7: one withdrawal of the user (quick-remit detail, record detail). */
  detail: '/app/user/withdraw/detail',
  cancel: '/app/user/withdrawal/cancel',
  autoMain: '/app/user/withdrawal/auto/main',
  auto: '/app/user/withdrawal/auto',
  staffList: '/app/withdraw/list',
  staffDetail: '/app/withdraw/detail',
  staffRejectReasons: '/app/withdraw/reject/reason',
  staffHandle: '/app/withdraw/handle',
} as const;

/** Limits of withdrawals (fen). Fees come from the fee schedule (fees.ts) for normal withdrawals. */
export const withdrawalLimits = {
  minFen: 1_000,
  maxFen: 5_000_000,
  dailyMaxCount: 5,
  dailyMaxFen: 10_000_000,
} as const;

/**
 * 快捷转账 (quick remit): paid out at once without manual review, for users who already received one
 * withdrawal; costs a higher fee and has its own ceiling.
 */
export const quickRemitRule = {
  rateBp: 100,
  minFeeFen: 200,
  maxFen: 500_000,
} as const;

/** What the user is told about arrival times. */
export const arrivalTexts = {
  normal: '预计1个工作日内到账（需人工审核）',
  quick: '预计2小时内到账（免审核）',
} as const;

export const withdrawalModes = ['normal', 'quick', 'auto'] as const;
export type WithdrawalMode = (typeof withdrawalModes)[number];
export const withdrawalModeLabels: Record<WithdrawalMode, string> = {
  normal: '普通提现',
  quick: '快捷转账',
  auto: '自动提现',
};

// ---------------------------------------------------------------------------------------------
// State machine (data): states, transitions, who may do them.

export const withdrawalStatuses = [
  'pending_review',
  'approved',
  'paying',
  'paid',
  'failed',
  'rejected',
  'cancelled',
] as const;
export type WithdrawalStatus = (typeof withdrawalStatuses)[number];

export const withdrawalStatusLabels: Record<WithdrawalStatus, string> = {
  pending_review: '待审核',
  approved: '已通过',
  paying: '打款中',
  paid: '已到账',
  failed: '打款失败',
  rejected: '已驳回',
  cancelled: '已取消',
};

/** Final states: the frozen money has left (paid) or is back in the available balance. */
export const finalWithdrawalStatuses: readonly WithdrawalStatus[] = [
  'paid',
  'failed',
  'rejected',
  'cancelled',
];

/**
 * The process of a withdrawal: the owner cancels before review; finance approves or rejects (never
 * their own: 4209); the system approves a quick remit and follows the payout provider. Money moves
 * with the transitions: cancel, reject and fail release the frozen amount; succeed pays it out.
 */
export const withdrawalProcess = defineProcess({
  name: 'withdrawal',
  states: withdrawalStatuses,
  stateLabels: withdrawalStatusLabels,
  initial: 'pending_review',
  terminal: finalWithdrawalStatuses,
  refusal: { errCode: ErrorCodes.WITHDRAWAL_STATE_INVALID },
  ownObjectRefusal: { errCode: ErrorCodes.WITHDRAWAL_SELF_REVIEW },
  guards: {},
  transitions: {
    cancel: { from: 'pending_review', to: 'cancelled', roles: ['owner'], label: '取消提现' },
    approve: { from: 'pending_review', to: 'approved', roles: ['finance', 'system'], label: '审核通过' },
    reject: { from: 'pending_review', to: 'rejected', roles: ['finance'], label: '驳回' },
    pay: { from: 'approved', to: 'paying', roles: ['system'], label: '提交打款' },
    succeed: { from: 'paying', to: 'paid', roles: ['system'], label: '打款成功' },
    fail: { from: 'paying', to: 'failed', roles: ['system'], label: '打款失败' },
  },
});
export type WithdrawalAction = keyof typeof withdrawalProcess.transitions;

// ---------------------------------------------------------------------------------------------
// Payloads.

export const payoutMethodTypes = ['bank', 'alipay', 'wechat'] as const;
export type PayoutMethodType = (typeof payoutMethodTypes)[number];
export const payoutMethodTypeLabels: Record<PayoutMethodType, string> = {
  bank: '银行卡',
  alipay: '支付宝',
  wechat: '微信',
};

export const payoutMethodSummarySchema = z.object({
  id: z.number().int(),
  type: z.enum(payoutMethodTypes),
  account_masked: z.string(),
  holder_name: z.string(),
});
export type PayoutMethodSummary = z.infer<typeof payoutMethodSummarySchema>;

/**
 * amountSchema, after refusing values with more than 12 digits of yuan: checkAmount throws on
 * amounts beyond a safe integer of fen instead of refusing them.
 */
const boundedAmountSchema = z
  .union([textSchema, z.number()])
  .refine((value) => (String(value).trim().split('.')[0] ?? '').length <= 12, { message: '金额过大' })
  .pipe(amountSchema);

const idSchema = coercedId();

export const withdrawalFeeRuleSchema = z.object({
  rate_bp: z.number().int(),
  min_fee: z.string(),
  daily_free_quota: z.string(),
  free_quota_left: z.string(),
});

export const withdrawPageSchema = z.object({
  available: z.string(),
  frozen: z.string(),
  fee_rule: withdrawalFeeRuleSchema,
  min_amount: z.string(),
  max_amount: z.string(),
  daily_max_count: z.number().int(),
  daily_max_amount: z.string(),
  today_count: z.number().int(),
  today_amount: z.string(),
  methods: z.array(payoutMethodSummarySchema),
  quick_remit: z.object({
    eligible: z.boolean(),
    /** Why not, when not eligible. */
    reason: z.string(),
    rate_bp: z.number().int(),
    min_fee: z.string(),
    max_amount: z.string(),
  }),
  rules: z.array(z.string()),
});
export type WithdrawPage = z.infer<typeof withdrawPageSchema>;

export const withdrawRequestSchema = z.object({
  amount: boundedAmountSchema,
  method_id: idSchema,
  mode: z.enum(['normal', 'quick'], { error: '提现方式无效' }).default('normal'),
});
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

export const withdrawAlertSchema = z.object({
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  mode: z.enum(withdrawalModes),
  arrival: z.string(),
  method: payoutMethodSummarySchema,
  rules: z.array(z.string()),
});
export type WithdrawAlert = z.infer<typeof withdrawAlertSchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  mode: z.enum(withdrawalModes),
  status: z.enum(withdrawalStatuses),
  status_text: z.string(),
  method: payoutMethodSummarySchema.omit({ id: true }),
  reject_reason: z.string(),
  failure_reason: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalDetailSchema = withdrawalSchema.extend({
  timeline: z.array(processTimelineEntrySchema),
  arrival: z.string(),
});
export type WithdrawalDetail = z.infer<typeof withdrawalDetailSchema>;

export const withdrawalListQuerySchema = pageQuerySchema.extend({
  status: z.enum(withdrawalStatuses).optional(),
  mode: z.enum(withdrawalModes).optional(),
});
export type WithdrawalListQuery = z.input<typeof withdrawalListQuerySchema>;

export const withdrawalIdSchema = z.object({ id: idSchema });
export type WithdrawalIdRequest = z.input<typeof withdrawalIdSchema>;

export const autoWithdrawalSettingsSchema = z.object({
  enabled: z.boolean(),
  threshold: z.string(),
  keep_amount: z.string(),
  method_id: z.number().int().nullable(),
  methods: z.array(payoutMethodSummarySchema),
  last_run: z.object({ day: z.string(), withdrawal_id: z.number().int(), amount: z.string() }).nullable(),
  rules: z.array(z.string()),
});
export type AutoWithdrawalSettings = z.infer<typeof autoWithdrawalSettingsSchema>;

const zeroOrAmount = z.union([textSchema, z.number()]).transform((value, ctx) => {
  const text = String(value).trim();
  if (text === '0' || text === '0.0' || text === '0.00') return 0;
  const parsed = boundedAmountSchema.safeParse(text);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: '金额需不小于0，且最多两位小数' });
    return z.NEVER;
  }
  return parsed.data;
});

export const autoWithdrawalRequestSchema = z
  .object({
    enabled: z.boolean({ error: '请选择是否开启' }),
    threshold: boundedAmountSchema,
    keep_amount: zeroOrAmount.default(0),
    method_id: idSchema,
  })
  .refine((value) => value.keep_amount <= value.threshold, {
    message: '保留金额不能大于触发金额',
    path: ['keep_amount'],
  });
export type AutoWithdrawalRequest = z.input<typeof autoWithdrawalRequestSchema>;

// Staff (finance).

export const withdrawalRejectReasons = [
  { code: 'info_mismatch', text: '收款账户信息与实名信息不一致' },
  { code: 'account_abnormal', text: '收款账户异常，请更换收款方式' },
  { code: 'risk_control', text: '账户存在风险，请联系客服' },
  { code: 'funds_disputed', text: '相关订单存在纠纷，暂不可提现' },
  { code: 'other', text: '其他原因（见备注）' },
] as const;
export type WithdrawalRejectReasonCode = (typeof withdrawalRejectReasons)[number]['code'];
const rejectCodes = withdrawalRejectReasons.map((reason) => reason.code) as [
  WithdrawalRejectReasonCode,
  ...WithdrawalRejectReasonCode[],
];

export const rejectReasonListSchema = z.array(z.object({ code: z.string(), text: z.string() }));

export const staffWithdrawalSchema = withdrawalSchema.extend({
  user_id: z.number().int(),
  user_phone_masked: z.string(),
  user_nickname: z.string(),
  reviewer_note: z.string(),
  actions: z.array(z.enum(['approve', 'reject'])),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

export const staffWithdrawalDetailSchema = staffWithdrawalSchema.extend({
  timeline: z.array(processTimelineEntrySchema),
  /** Current balances of the user, for the reviewer. */
  user_available: z.string(),
  user_frozen: z.string(),
  user_paid_count: z.number().int(),
});
export type StaffWithdrawalDetail = z.infer<typeof staffWithdrawalDetailSchema>;

export const staffHandleRequestSchema = z.discriminatedUnion(
  'action',
  [
    z.object({ id: idSchema, action: z.literal('approve'), remark: textSchema.trim().max(200).default('') }),
    z.object({
      id: idSchema,
      action: z.literal('reject'),
      reason_code: z.enum(rejectCodes, { error: '请选择驳回原因' }),
      remark: textSchema.trim().max(200, '备注最多200字').default(''),
    }),
  ],
  { error: '请选择通过或驳回' },
);
export type StaffHandleRequest = z.input<typeof staffHandleRequestSchema>;
export type StaffHandleCommand = z.output<typeof staffHandleRequestSchema>;
