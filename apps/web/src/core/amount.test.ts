import { describe, expect, it } from 'vitest';
import { formatFen, validAmount } from './amount';

describe('validAmount (SPEC §5)', () => {
  it.each([
    ['12.5', false, '12.50'],
    [3, false, '3.00'],
    ['0', false, undefined],
    ['0', true, '0.00'],
    ['1.001', false, undefined],
    ['x', true, undefined],
  ])('%j (allowZero %j) → %j', (value, allowZero, expected) => {
    expect(validAmount(value, allowZero)).toBe(expected);
  });

  it('refuses zero unless allowed', () => {
    expect(validAmount(0)).toBeUndefined();
  });
});

describe('formatFen', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1250, '12.50'],
    [-99, '-0.99'],
  ])('%d fen → %s', (fen, expected) => {
    expect(formatFen(fen)).toBe(expected);
  });
});
