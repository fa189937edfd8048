import { describe, expect, it } from 'vitest';
import { formatFen, formatRate, formatYuan, shortAmount, validAmount, wholeYuan, yuanText } from './amount';

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

describe('money as text', () => {
  it('writes yuan with the sign, the unit or short, and rates from basis points', () => {
    expect(yuanText(134000)).toBe('¥1340.00');
    expect(formatYuan(500)).toBe('5.00元');
    expect(formatYuan(500, { short: true })).toBe('5元');
    expect(formatYuan(550, { short: true })).toBe('5.50元');
    expect(shortAmount('1280.00')).toBe('1280');
    expect(wholeYuan('1280.50')).toBe('1280');
    expect([500, 60, 5].map(formatRate)).toEqual(['5%', '0.6%', '0.05%']);
  });
});
