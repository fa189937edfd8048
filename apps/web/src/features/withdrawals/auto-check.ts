import { amountToFen } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';
import { withdrawMessages as m } from './messages';

export interface AutoFormValues {
  threshold: string;
  keep: string;
}

/** Field problems of the auto-withdrawal form (empty when it may be saved). */
export function autoFormProblems({
  threshold,
  keep,
}: AutoFormValues): Partial<Record<keyof AutoFormValues, string>> {
  const problems: Partial<Record<keyof AutoFormValues, string>> = {};
  const thresholdAmount = validAmount(threshold.trim());
  const keepAmount = validAmount(keep.trim() === '' ? '0' : keep.trim(), true);
  if (thresholdAmount === undefined) problems.threshold = m.invalidAmount;
  if (keepAmount === undefined) problems.keep = m.invalidAmount;
  if (
    thresholdAmount !== undefined &&
    keepAmount !== undefined &&
    amountToFen(keepAmount) > amountToFen(thresholdAmount)
  ) {
    problems.keep = m.keepTooLarge;
  }
  return problems;
}
