import type { BillItem } from '@haoshi/contracts';

/** A bill's signed amount as shown: "+20.00" in, "-30.00" out. */
export const signedAmountOf = (bill: Pick<BillItem, 'direction' | 'amount'>) =>
  bill.direction === 'in' ? `+${bill.amount}` : bill.amount;

/**
 * Its colour: income and expense in theirs; a move between the user's own pockets (the deposit,
 * 不计收支) in neither, whichever way it went.
 */
export function amountClassOf(bill: Pick<BillItem, 'direction' | 'flow'>): string {
  if (bill.flow === 'internal') return 'amount-internal';
  return bill.direction === 'in' ? 'amount-in' : 'amount-out';
}
