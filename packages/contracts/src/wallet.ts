import { z } from 'zod';
import { coercedId, requestText, textSchema } from './primitives.ts';
import { amountSchema } from './money.ts';
import { phoneSchema } from './identity.ts';
import { pageQuerySchema, pageSchema } from './pagination.ts';

/** The wallet's calls (SPEC §7 /app/user) and the statement behind /reconciliate (not in SPEC). */
export const walletPaths = {
  wallet: '/app/user/wallet',
  bill: '/app/user/bill',
  billDetail: '/app/user/bill_detail',
  billStatement: '/app/user/bill/statement',
  profit: '/app/user/msg_profit',
  profitList: '/app/user/msg_profit/list/v2',
  transferMain: '/app/user/wallet/transfer/main',
  transfer: '/app/user/wallet/transfer',
} as const;

// ---------------------------------------------------------------------------------------------
// Bill types and the one table that maps ledger transfer kinds onto them
// ---------------------------------------------------------------------------------------------

export const billTypes = [
  'recharge',
  'withdrawal',
  'purchase',
  'sale_income',
  'refund',
  'transfer_in',
  'transfer_out',
  'deposit',
  'fee',
  'promotion',
  'compensation',
  'damages',
  'adjustment',
  'other',
] as const;
export type BillType = (typeof billTypes)[number];

export const billTypeLabels: Record<BillType, string> = {
  recharge: '充值',
  withdrawal: '提现',
  purchase: '购买',
  sale_income: '售出收入',
  refund: '退款',
  transfer_in: '转入',
  transfer_out: '转出',
  deposit: '保证金',
  fee: '手续费',
  promotion: '推广',
  compensation: '包赔赔付',
  damages: '违约金',
  adjustment: '调账',
  other: '其他',
};

/**
 * Bill types that move money between the user's own pockets: the sincerity deposit is the user's
 * money, held. They change the available balance but are neither income nor expense (不计收支).
 */
export const internalBillTypes = ['deposit'] as const satisfies readonly BillType[];

/** Bill types counted as the user's 收益 (income messages, /msg_profit). */
export const profitBillTypes = ['sale_income', 'transfer_in'] as const satisfies readonly BillType[];

/**
 * Ledger transfer kind → bill type. A kind matches a rule when it starts with the rule's prefix;
 * the first matching rule wins, so put specific prefixes before general ones. A rule may name one
 * type, or one per direction seen from the user's available balance (money in / money out).
 * Money modules plug their kinds in here (and nowhere else); kinds that match nothing are 'other'.
 */
export const billKindRules: readonly {
  prefix: string;
  type: BillType | { in: BillType; out: BillType };
}[] = [
  { prefix: 'recharge.', type: 'recharge' },
  { prefix: 'withdrawal.', type: 'withdrawal' },
  { prefix: 'sincerity.', type: 'deposit' },
  { prefix: 'deposit.', type: 'deposit' },
  { prefix: 'manual.', type: 'adjustment' },
  { prefix: 'wallet.transfer', type: { in: 'transfer_in', out: 'transfer_out' } },
  { prefix: 'order.pay', type: 'purchase' },
  { prefix: 'order.settle', type: 'sale_income' },
  { prefix: 'order.refund', type: 'refund' },
  { prefix: 'order.fee', type: 'fee' },
  { prefix: 'order.compensation', type: 'compensation' },
  { prefix: 'order.damages', type: 'damages' },
  { prefix: 'order.', type: { in: 'refund', out: 'purchase' } },
  { prefix: 'lease.', type: { in: 'sale_income', out: 'purchase' } },
  { prefix: 'recovery.', type: { in: 'sale_income', out: 'purchase' } },
  { prefix: 'promotion.', type: 'promotion' },
  { prefix: 'compensation.', type: 'compensation' },
  { prefix: 'fee.', type: 'fee' },
];

export function billTypeOf(kind: string, direction: BillDirection): BillType {
  const rule = billKindRules.find((candidate) => kind.startsWith(candidate.prefix));
  if (!rule) return 'other';
  return typeof rule.type === 'string' ? rule.type : rule.type[direction];
}

export const billDirections = ['in', 'out'] as const;
export type BillDirection = (typeof billDirections)[number];

/** How a bill counts in the month's totals: income, expense, or neither (a move between own pockets). */
export const billFlows = ['income', 'expense', 'internal'] as const;
export type BillFlow = (typeof billFlows)[number];
export const billFlowLabels: Record<BillFlow, string> = {
  income: '收入',
  expense: '支出',
  internal: '不计收支',
};

export function billFlowOf(type: BillType, direction: BillDirection): BillFlow {
  if ((internalBillTypes as readonly BillType[]).includes(type)) return 'internal';
  return direction === 'in' ? 'income' : 'expense';
}

// ---------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------

/** A month in China time, "2026-11". */
export const billMonthSchema = requestText('请选择月份').regex(
  /^\d{4}-(0[1-9]|1[0-2])$/,
  '月份格式应为 YYYY-MM，例如 2026-11',
);

const signedAmount = z.string().describe('元，带符号：收入为正、支出为负，如 "-12.50"');
const amountString = z.string().describe('元，两位小数，如 "12.50"');

export const walletEntrySchema = z.object({
  key: z.string(),
  label: z.string(),
  path: z.string(),
});
export type WalletEntry = z.infer<typeof walletEntrySchema>;

export const walletSummarySchema = z.object({
  available: amountString,
  frozen: amountString,
  /** The sincerity deposit held (保证金): the user's money, returned to available when closed. */
  deposit: amountString,
  /** available + frozen + deposit. */
  total: amountString,
  /** "2026-11": the current month in China time. */
  month: z.string(),
  /** This month's income and expense; moves to and from the deposit count in neither. */
  month_income: amountString,
  month_expense: amountString,
  entries: z.array(walletEntrySchema),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;

export const billTypeSchema = z.enum(billTypes, { error: '不支持的账单类型' });

export const billListQuerySchema = pageQuerySchema.extend({
  type: billTypeSchema.optional(),
  month: billMonthSchema.optional(),
});
export type BillListQuery = z.infer<typeof billListQuerySchema>;

export const billItemSchema = z.object({
  id: z.number().int(),
  type: billTypeSchema,
  type_label: z.string(),
  /** Seen from the available balance: money in or out. */
  direction: z.enum(billDirections),
  flow: z.enum(billFlows),
  amount: signedAmount,
  title: z.string(),
  created_at: z.string(),
  /** China-time month of created_at. */
  month: z.string(),
});
export type BillItem = z.infer<typeof billItemSchema>;

export const billMonthTotalSchema = z.object({
  month: z.string(),
  income: amountString,
  expense: amountString,
  count: z.number().int(),
});
export type BillMonthTotal = z.infer<typeof billMonthTotalSchema>;

export const billListSchema = pageSchema(billItemSchema).extend({
  /** Per-month totals of every bill the type filter selects (month filter ignored), newest first, ≤ 12. */
  months: z.array(billMonthTotalSchema),
});
export type BillList = z.infer<typeof billListSchema>;

export const billDetailQuerySchema = z.object({
  id: coercedId('账单编号无效'),
});

export const billDetailSchema = billItemSchema.extend({
  kind: z.string(),
  counterparty: z.string(),
  reference: z.object({ type: z.string(), id: z.string() }),
  /** What the user can quote to support: the business order number when there is one, else the reference id. */
  reference_no: z.string(),
  remark: z.string().nullable(),
});
export type BillDetail = z.infer<typeof billDetailSchema>;

export const billStatementQuerySchema = z.object({
  months: z.coerce.number().int().min(1, '月份数须为 1–24').max(24, '月份数须为 1–24').default(12),
});

export const statementMonthSchema = z.object({
  month: z.string(),
  opening: amountString,
  income: amountString,
  expense: amountString,
  /** Net of the moves that are neither income nor expense (the deposit): signed, "-100.00". */
  internal: z.string(),
  /** opening + income − expense + internal. */
  closing: amountString,
  count: z.number().int(),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;

export const billStatementSchema = z.object({
  /** Newest first, ending with the current month (China time). */
  months: z.array(statementMonthSchema),
  available: amountString,
});
export type BillStatement = z.infer<typeof billStatementSchema>;

export const profitSummarySchema = z.object({
  today: amountString,
  month: amountString,
  total: amountString,
});
export type ProfitSummary = z.infer<typeof profitSummarySchema>;

export const profitListRequestSchema = pageQuerySchema;

export const profitMessageSchema = z.object({
  id: z.number().int(),
  type: billTypeSchema,
  title: z.string(),
  content: z.string(),
  amount: amountString,
  created_at: z.string(),
});
export type ProfitMessage = z.infer<typeof profitMessageSchema>;
export const profitListSchema = pageSchema(profitMessageSchema);
export type ProfitList = z.infer<typeof profitListSchema>;

// ---------------------------------------------------------------------------------------------
// Transfers to another user
// ---------------------------------------------------------------------------------------------

export const TRANSFER_SINGLE_LIMIT_FEN = 5_000_000;
export const TRANSFER_DAILY_LIMIT_FEN = 20_000_000;
export const TRANSFER_DAILY_COUNT_LIMIT = 20;
export const TRANSFER_REMARK_MAX = 30;

export const transferMainQuerySchema = z.object({ phone: phoneSchema.optional() });

export const transferRecipientSchema = z.object({
  phone_masked: z.string(),
  /** The verified real name masked (张*三) when known, else the nickname masked. */
  name_masked: z.string(),
});
export type TransferRecipient = z.infer<typeof transferRecipientSchema>;

export const transferMainSchema = z.object({
  available: amountString,
  fee: amountString,
  single_limit: amountString,
  daily_limit: amountString,
  daily_used: amountString,
  daily_count_limit: z.number().int(),
  daily_count_used: z.number().int(),
  real_name_verified: z.boolean(),
  rules: z.array(z.string()),
  recipient: transferRecipientSchema.nullable(),
});
export type TransferMain = z.infer<typeof transferMainSchema>;

export const transferRequestSchema = z.object({
  phone: phoneSchema,
  amount: amountSchema,
  remark: textSchema.trim().max(TRANSFER_REMARK_MAX, `备注不能超过${TRANSFER_REMARK_MAX}个字`).optional(),
});
export type TransferRequest = z.input<typeof transferRequestSchema>;

export const transferResultSchema = z.object({
  bill_id: z.number().int(),
  amount: amountString,
  available: amountString,
  recipient: transferRecipientSchema,
  created_at: z.string(),
});
export type TransferResult = z.infer<typeof transferResultSchema>;
