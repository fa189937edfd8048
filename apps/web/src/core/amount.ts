import { checkAmount, fenToAmount, type FeePayer } from '@haoshi/contracts';

/**
 * The one place money becomes text. Amounts are integer fen in arithmetic and "12.50" strings on
 * the wire (DESIGN §3); no floating point anywhere.
 */

/** SPEC §5 amount rule: the canonical "12.50" form, or undefined when the value is not an amount. */
export function validAmount(value: unknown, allowZero = false): string | undefined {
  return checkAmount(value, allowZero);
}

/** Integer fen → "12.50". */
export function formatFen(fen: number): string {
  return fenToAmount(fen);
}

/** Integer fen → "¥12.50". */
export function yuanText(fen: number): string {
  return `¥${fenToAmount(fen)}`;
}

/** Integer fen → "5.00元" (rules and fee tables); `short` drops ".00" of whole yuan ("5元"). */
export function formatYuan(fen: number, { short = false }: { short?: boolean } = {}): string {
  const amount = fenToAmount(fen);
  return `${short ? shortAmount(amount) : amount}元`;
}

/**
 * A wire amount ("1280.00", always two decimals) for a list: whole yuan drop ".00" because they
 * read faster; anything else is shown as it came.
 */
export function shortAmount(amount: string): string {
  return /^\d+\.00$/.test(amount) ? amount.slice(0, -3) : amount;
}

/** A wire amount rounded down to whole yuan ("1280.50" → "1280"): averages in rankings. */
export function wholeYuan(amount: string): string {
  return amount.split('.')[0] ?? amount;
}

/** Basis points as a percentage: 500 → "5%", 60 → "0.6%", 5 → "0.05%" (integers only). */
export function formatRate(bp: number): string {
  const fraction = String(bp % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${Math.floor(bp / 100)}${fraction === '' ? '' : `.${fraction}`}%`;
}

/** Who pays a fee, as the fee tables and rules say it. */
export const feePayerLabels: Record<FeePayer, string> = {
  seller: '卖家',
  buyer: '买家',
  owner: '出租方',
  user: '用户',
  merchant: '商家',
};
