import { describe, expect, it } from 'vitest';
import { amountProblem, wholeAmount } from './amount-check';
import { autoFormProblems } from './auto-check';
import { page } from './test-fixtures';

describe('amountProblem', () => {
  it('accepts an amount within the limits and the balance', () => {
    expect(amountProblem('50', page, 'normal')).toBeUndefined();
    expect(amountProblem('100.00', page, 'normal')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(amountProblem('', page, 'normal')).toBe('金额需大于0，且最多两位小数');
    expect(amountProblem('1.234', page, 'normal')).toBe('金额需大于0，且最多两位小数');
    expect(amountProblem('9.99', page, 'normal')).toBe('单笔最低 10.00 元');
    expect(amountProblem('100.01', page, 'normal')).toBe('超出可提现余额');
    const rich = { ...page, available: '9000.00' };
    expect(amountProblem('6000', rich, 'quick')).toBe('单笔最高 5000.00 元');
    expect(amountProblem('6000', rich, 'normal')).toBeUndefined();
  });

  it('全部提现 is the balance, capped at the ceiling', () => {
    expect(wholeAmount(page, 'normal')).toBe('100.00');
    expect(wholeAmount({ ...page, available: '9000.00' }, 'quick')).toBe('5000.00');
  });
});

describe('autoFormProblems', () => {
  it('requires a threshold and a keep amount not above it', () => {
    expect(autoFormProblems({ threshold: '100', keep: '' })).toEqual({});
    expect(autoFormProblems({ threshold: '100', keep: '0' })).toEqual({});
    expect(autoFormProblems({ threshold: '', keep: '0' }).threshold).toBeTruthy();
    expect(autoFormProblems({ threshold: '100', keep: '200' }).keep).toBe('保留金额不能大于触发金额');
  });
});
