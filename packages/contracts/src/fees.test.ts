import { describe, expect, it } from 'vitest';
import { feeSchedule, rateFee, withdrawalFee } from './fees.ts';

function integersOf(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(integersOf);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(integersOf);
  return [];
}

describe('feeSchedule', () => {
  it('holds only non-negative safe integers (fen, basis points, days)', () => {
    const numbers = integersOf(feeSchedule);
    expect(numbers.length).toBeGreaterThan(20);
    for (const n of numbers) {
      expect(Number.isSafeInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps every rate below 100% and every minimum below its maximum', () => {
    const { guaranteedTrade, rental, recycle, withdrawal, compensation } = feeSchedule;
    for (const rule of [guaranteedTrade, rental, recycle, withdrawal, ...compensation]) {
      expect(rule.rateBp).toBeGreaterThan(0);
      expect(rule.rateBp).toBeLessThan(10_000);
    }
    for (const rule of [guaranteedTrade, rental, recycle]) {
      if (rule.maxFen !== null) expect(rule.minFen).toBeLessThanOrEqual(rule.maxFen);
    }
  });

  it('never credits less promotion balance than paid and has unique codes', () => {
    const { packages } = feeSchedule.promotion;
    for (const p of packages) expect(p.creditFen).toBeGreaterThanOrEqual(p.payFen);
    expect(new Set(packages.map((p) => p.code)).size).toBe(packages.length);
    expect(new Set(feeSchedule.compensation.map((o) => o.code)).size).toBe(feeSchedule.compensation.length);
  });

  it('has exactly one lifetime compensation option', () => {
    expect(feeSchedule.compensation.filter((o) => o.protectionDays === null)).toHaveLength(1);
  });
});

describe('rateFee', () => {
  const rule = { rateBp: 500, minFen: 500, maxFen: 200_000 };

  it('applies the rate, rounding half up to the fen', () => {
    expect(rateFee(100_000, rule)).toBe(5_000);
    expect(rateFee(12_345, { rateBp: 500, minFen: 0, maxFen: null })).toBe(617);
    expect(rateFee(12_330, { rateBp: 500, minFen: 0, maxFen: null })).toBe(617);
    expect(rateFee(12_329, { rateBp: 500, minFen: 0, maxFen: null })).toBe(616);
  });

  it('clamps to the minimum and the maximum', () => {
    expect(rateFee(1_000, rule)).toBe(500);
    expect(rateFee(0, rule)).toBe(500);
    expect(rateFee(100_000_000, rule)).toBe(200_000);
    expect(rateFee(100_000_000, { ...rule, maxFen: null })).toBe(5_000_000);
  });

  it('refuses amounts that are not whole non-negative fen', () => {
    expect(() => rateFee(12.5, rule)).toThrow(RangeError);
    expect(() => rateFee(-1, rule)).toThrow(RangeError);
  });
});

describe('withdrawalFee', () => {
  const rule = { rateBp: 60, minFen: 100, dailyFreeQuotaFen: 50_000 };

  it('is free inside the remaining daily quota', () => {
    expect(withdrawalFee(50_000, 50_000, rule)).toBe(0);
    expect(withdrawalFee(20_000, 30_000, rule)).toBe(0);
  });

  it('charges the part beyond the quota, at least the minimum', () => {
    expect(withdrawalFee(80_000, 50_000, rule)).toBe(180);
    expect(withdrawalFee(50_100, 50_000, rule)).toBe(100);
    expect(withdrawalFee(100_000, 0, rule)).toBe(600);
  });

  it('uses the schedule by default', () => {
    const { dailyFreeQuotaFen } = feeSchedule.withdrawal;
    expect(withdrawalFee(dailyFreeQuotaFen, dailyFreeQuotaFen)).toBe(0);
  });
});
