import { amountToFen, type BillItem, type BillMonthTotal } from '@haoshi/contracts';

/** "2026-11" → "2026年11月". */
export function monthLabel(month: string): string {
  const [year, monthNumber] = month.split('-');
  return `${year}年${Number(monthNumber)}月`;
}

/** "12.50" / "-12.50" → signed fen. */
export function signedFen(amount: string): number {
  return amount.startsWith('-') ? -amountToFen(amount.slice(1)) : amountToFen(amount);
}

export interface BillMonthGroup {
  month: string;
  label: string;
  /** The month's totals for the current filter, from the server (null when it did not send them). */
  totals: BillMonthTotal | null;
  bills: BillItem[];
}

/** Bills (newest first) cut into month groups, each with its totals for the current filter. */
export function groupBillsByMonth(
  bills: readonly BillItem[],
  totals: readonly BillMonthTotal[],
): BillMonthGroup[] {
  const totalsByMonth = new Map(totals.map((total) => [total.month, total]));
  const groups: BillMonthGroup[] = [];
  for (const bill of bills) {
    let group = groups[groups.length - 1];
    if (group?.month !== bill.month) {
      group = {
        month: bill.month,
        label: monthLabel(bill.month),
        totals: totalsByMonth.get(bill.month) ?? null,
        bills: [],
      };
      groups.push(group);
    }
    group.bills.push(bill);
  }
  return groups;
}

export interface ChartBar {
  month: string;
  /** "11月", or "2025年12月" where the year changes. */
  label: string;
  income: number;
  expense: number;
  /** Bar heights as a fraction (0–1) of the tallest bar. */
  incomeRatio: number;
  expenseRatio: number;
}

const previousMonth = (month: string) => {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
};

/**
 * The chart's bars: the `count` months ending with the newest month that has bills, oldest first,
 * months without bills included as zero, heights relative to the largest amount.
 */
export function chartBarsOf(totals: readonly BillMonthTotal[], count = 6): ChartBar[] {
  const newest = [...totals]
    .map((total) => total.month)
    .sort()
    .pop();
  if (!newest) return [];
  const byMonth = new Map(totals.map((total) => [total.month, total]));
  const months: string[] = [newest];
  while (months.length < count) months.unshift(previousMonth(months[0] ?? newest));
  const values = months.map((month) => {
    const total = byMonth.get(month);
    return {
      month,
      income: total ? amountToFen(total.income) : 0,
      expense: total ? amountToFen(total.expense) : 0,
    };
  });
  const max = Math.max(1, ...values.flatMap((value) => [value.income, value.expense]));
  return values.map((value, index) => {
    const [year, monthNumber] = value.month.split('-');
    const yearChanges = index === 0 || monthNumber === '01';
    return {
      ...value,
      label: yearChanges ? `${year?.slice(2)}年${Number(monthNumber)}月` : `${Number(monthNumber)}月`,
      incomeRatio: value.income / max,
      expenseRatio: value.expense / max,
    };
  });
}
