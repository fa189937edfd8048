import { describe, expect, it } from 'vitest';
import type { BillItem, BillMonthTotal } from '@haoshi/contracts';
import { chartBarsOf, groupBillsByMonth, monthLabel, signedFen } from './bill-months';

const bill = (id: number, month: string, amount: string): BillItem => ({
  id,
  type: amount.startsWith('-') ? 'purchase' : 'recharge',
  type_label: amount.startsWith('-') ? '购买' : '充值',
  direction: amount.startsWith('-') ? 'out' : 'in',
  flow: amount.startsWith('-') ? 'expense' : 'income',
  amount,
  title: 't',
  created_at: `${month}-10T00:00:00Z`,
  month,
});
const total = (month: string, income: string, expense: string, count = 1): BillMonthTotal => ({
  month,
  income,
  expense,
  count,
});

describe('month grouping', () => {
  it('cuts newest-first bills into month groups carrying the server totals', () => {
    const groups = groupBillsByMonth(
      [
        bill(5, '2026-11', '20.00'),
        bill(4, '2026-11', '-30.00'),
        bill(3, '2026-10', '50.00'),
        bill(1, '2026-08', '1.00'),
      ],
      [total('2026-11', '20.00', '30.00', 2), total('2026-10', '50.00', '0.00')],
    );
    expect(groups.map((group) => [group.month, group.label, group.bills.map((b) => b.id)])).toEqual([
      ['2026-11', '2026年11月', [5, 4]],
      ['2026-10', '2026年10月', [3]],
      ['2026-08', '2026年8月', [1]],
    ]);
    expect(groups[0]?.totals).toEqual(total('2026-11', '20.00', '30.00', 2));
    expect(groups[2]?.totals).toBeNull();
    expect(groupBillsByMonth([], [])).toEqual([]);
  });

  it('labels months and reads signed amounts in fen', () => {
    expect(monthLabel('2027-01')).toBe('2027年1月');
    expect(signedFen('-12.34')).toBe(-1234);
    expect(signedFen('0.05')).toBe(5);
  });
});

describe('chart data', () => {
  it('fills the months without bills, oldest first, scaled to the largest amount', () => {
    const bars = chartBarsOf([total('2026-11', '20.00', '40.00'), total('2026-09', '100.00', '0.00')], 4);
    expect(bars.map((bar) => [bar.month, bar.label, bar.income, bar.expense])).toEqual([
      ['2026-08', '26年8月', 0, 0],
      ['2026-09', '9月', 10_000, 0],
      ['2026-10', '10月', 0, 0],
      ['2026-11', '11月', 2_000, 4_000],
    ]);
    expect(bars[1]?.incomeRatio).toBe(1);
    expect(bars[3]?.incomeRatio).toBeCloseTo(0.2);
    expect(bars[3]?.expenseRatio).toBeCloseTo(0.4);
  });

  it('marks the year where it changes and is empty without data', () => {
    const bars = chartBarsOf([total('2026-02', '1.00', '0.00')], 3);
    expect(bars.map((bar) => bar.label)).toEqual(['25年12月', '26年1月', '2月']);
    expect(chartBarsOf([])).toEqual([]);
    const zero = chartBarsOf([total('2026-02', '0.00', '0.00')], 1);
    expect(zero[0]?.incomeRatio).toBe(0);
  });
});
