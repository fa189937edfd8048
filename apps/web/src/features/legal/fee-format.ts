import { fenToAmount, type FeePayer } from '@haoshi/contracts';

/** 500 → "5.00元" (integer fen in, no floating point). */
export function formatYuan(fen: number): string {
  return `${fenToAmount(fen)}元`;
}

/** Basis points as a percentage: 500 → "5%", 60 → "0.6%", 5 → "0.05%". */
export function formatRate(bp: number): string {
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(bp / 100)}${fraction === '' ? '' : `.${fraction}`}%`;
}

export const payerLabels: Record<FeePayer, string> = {
  seller: '卖家',
  buyer: '买家',
  owner: '出租方',
  user: '用户',
  merchant: '商家',
};
