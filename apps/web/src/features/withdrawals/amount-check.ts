import { amountToFen, type WithdrawPage } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { withdrawMessages as m } from './messages';

export type WithdrawFormMode = 'normal' | 'quick';

/** Why the typed amount cannot be withdrawn, or undefined when it can (the server checks again). */
export function amountProblem(text: string, page: WithdrawPage, mode: WithdrawFormMode): string | undefined {
  const amount = validAmount(text.trim());
  if (amount === undefined) return m.invalidAmount;
  const fen = amountToFen(amount);
  if (fen < amountToFen(page.min_amount)) return m.tooSmall(page.min_amount);
  const max = mode === 'quick' ? page.quick_remit.max_amount : page.max_amount;
  if (fen > amountToFen(max)) return m.tooLarge(max);
  if (fen > amountToFen(page.available)) return m.overBalance;
  return undefined;
}

/** 全部提现: the whole balance, within the single-withdrawal ceiling. */
export function wholeAmount(page: WithdrawPage, mode: WithdrawFormMode): string {
  const max = mode === 'quick' ? page.quick_remit.max_amount : page.max_amount;
  return amountToFen(page.available) > amountToFen(max) ? max : page.available;
}
