import { describe, expect, it } from 'vitest';
import { checkAmount } from './amount.ts';

/** [value, canonical without allowZero, canonical with allowZero] */
const table: [value: unknown, strict: string | undefined, allowZero: string | undefined][] = [
  ['1', '1.00', '1.00'],
  [1, '1.00', '1.00'],
  ['1.5', '1.50', '1.50'],
  ['1.50', '1.50', '1.50'],
  ['0.01', '0.01', '0.01'],
  [0, undefined, '0.00'],
  ['0', undefined, '0.00'],
  ['0.00', undefined, '0.00'],
  ['1.234', undefined, undefined],
  ['-1', undefined, undefined],
  ['abc', undefined, undefined],
  ['', undefined, undefined],
  [Number.NaN, undefined, undefined],
  [Number.POSITIVE_INFINITY, undefined, undefined],
  [' 2 ', '2.00', '2.00'],
  [null, undefined, undefined],
  [undefined, undefined, undefined],
  [{}, undefined, undefined],
  // The largest amount whose fen are still exact, and the first ones past it: refused, not rounded.
  ['90071992547409.91', '90071992547409.91', '90071992547409.91'],
  ['90071992547409.92', undefined, undefined],
  ['9007199254740993', undefined, undefined],
  [1e21, undefined, undefined],
];

describe('checkAmount (SPEC §5 amount rule)', () => {
  it.each(table)('%j → %j, with allowZero %j', (value, strict, allowZero) => {
    expect(checkAmount(value)).toBe(strict);
    expect(checkAmount(value, true)).toBe(allowZero);
  });
});
