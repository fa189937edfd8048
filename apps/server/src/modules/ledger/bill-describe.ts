import {
  billFlowOf,
  billTypeLabels,
  billTypeOf,
  fenToAmount,
  type BillDetail,
  type BillDirection,
  type BillItem,
  type BillType,
} from '@haoshi/contracts';
import { accountRefOf, type AccountKind } from './accounts.ts';
import type { ledgerTransfers, TransferMetadata } from './tables.ts';
import { chinaMonthOf } from './china-month.ts';

export type TransferRow = typeof ledgerTransfers.$inferSelect;

const text = (metadata: TransferMetadata, key: string): string | undefined => {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const titles: Partial<Record<BillType, Record<BillDirection, string>>> = {
  recharge: { in: '余额充值', out: '充值撤回' },
  withdrawal: { in: '提现退回', out: '余额提现' },
  purchase: { in: '购买退回', out: '购买商品' },
  sale_income: { in: '商品售出收入', out: '售出收入扣回' },
  refund: { in: '订单退款', out: '退款扣回' },
  deposit: { in: '保证金退回', out: '缴纳保证金' },
  adjustment: { in: '平台调账入账', out: '平台调账扣回' },
  compensation: { in: '包赔赔付到账', out: '包赔赔付' },
  damages: { in: '违约金到账', out: '支付违约金' },
};

function titleOf(type: BillType, direction: BillDirection, metadata: TransferMetadata): string {
  if (type === 'transfer_out') return `转账给 ${text(metadata, 'to_name_masked') ?? '其他用户'}`;
  if (type === 'transfer_in') return `${text(metadata, 'from_name_masked') ?? '其他用户'} 向你转账`;
  return titles[type]?.[direction] ?? billTypeLabels[type];
}

const systemAccountNames: Partial<Record<AccountKind, string>> = {
  escrow: '担保交易托管账户',
  deposit: '平台保证金账户',
  platform_fee: '平台服务费',
  gateway_clearing: '支付渠道',
  payout_clearing: '提现收款账户',
  promotion_revenue: '平台推广服务',
  compensation_pool: '平台包赔基金',
  adjustments: '平台调账',
};

const channelNames: Record<string, string> = { wxpay: '微信支付', wechat: '微信支付', alipay: '支付宝' };

function counterpartyOf(row: TransferRow, direction: BillDirection, userId: number): string {
  const metadata = row.metadata;
  const other = accountRefOf(direction === 'in' ? row.debitAccountId : row.creditAccountId);
  if ('userId' in other) {
    if (other.userId === userId) return other.kind === 'user_frozen' ? '我的冻结资金' : '我的可用余额';
    const name = text(metadata, direction === 'in' ? 'from_name_masked' : 'to_name_masked');
    const phone = text(metadata, direction === 'in' ? 'from_phone_masked' : 'to_phone_masked');
    return [name, phone ? `（${phone}）` : ''].join('') || '其他用户';
  }
  const channel = text(metadata, 'channel');
  const base = systemAccountNames[other.kind] ?? '平台';
  return channel && other.kind === 'gateway_clearing' ? (channelNames[channel] ?? channel) : base;
}

/** One bill (a transfer seen from the user's available balance `accountId`). */
export function billItemOf(row: TransferRow, accountId: number): BillItem {
  const direction: BillDirection = row.creditAccountId === accountId ? 'in' : 'out';
  const type = billTypeOf(row.kind, direction);
  return {
    id: row.id,
    type,
    type_label: billTypeLabels[type],
    direction,
    flow: billFlowOf(type, direction),
    amount: fenToAmount(direction === 'in' ? row.amount : -row.amount),
    title: titleOf(type, direction, row.metadata),
    created_at: row.createdAt.toISOString(),
    month: chinaMonthOf(row.createdAt),
  };
}

export function billDetailOf(row: TransferRow, accountId: number, userId: number): BillDetail {
  const item = billItemOf(row, accountId);
  return {
    ...item,
    kind: row.kind,
    counterparty: counterpartyOf(row, item.direction, userId),
    reference: { type: row.referenceType, id: row.referenceId },
    reference_no: text(row.metadata, 'order_no') ?? row.referenceId,
    remark: text(row.metadata, 'remark') ?? text(row.metadata, 'reason') ?? null,
  };
}
