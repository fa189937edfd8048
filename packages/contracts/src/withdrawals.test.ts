import { describe, expect, it } from 'vitest';
import {
  allowedWithdrawalActions,
  autoWithdrawalRequestSchema,
  findWithdrawalTransition,
  staffHandleRequestSchema,
  withdrawalStatuses,
  withdrawalTransitions,
  withdrawRequestSchema,
} from './withdrawals.ts';

describe('withdrawal state machine', () => {
  it('gives each role only its own moves', () => {
    expect(allowedWithdrawalActions('pending_review', 'user')).toEqual(['cancel']);
    expect(allowedWithdrawalActions('pending_review', 'finance')).toEqual(['approve', 'reject']);
    expect(allowedWithdrawalActions('pending_review', 'system')).toEqual(['approve']);
    expect(allowedWithdrawalActions('approved', 'user')).toEqual([]);
    expect(allowedWithdrawalActions('paying', 'system')).toEqual(['succeed', 'fail']);
    for (const status of ['paid', 'failed', 'rejected', 'cancelled'] as const) {
      expect(allowedWithdrawalActions(status, 'finance')).toEqual([]);
      expect(allowedWithdrawalActions(status, 'system')).toEqual([]);
    }
  });

  it('refuses illegal transitions', () => {
    expect(findWithdrawalTransition('paying', 'cancel', 'user')).toBeUndefined();
    expect(findWithdrawalTransition('pending_review', 'reject', 'system')).toBeUndefined();
    expect(findWithdrawalTransition('approved', 'succeed', 'system')).toBeUndefined();
    expect(findWithdrawalTransition('pending_review', 'approve', 'finance')?.to).toBe('approved');
  });

  it('only names known states, and every state but the first is reachable', () => {
    const reachable = new Set(withdrawalTransitions.map((transition) => transition.to));
    for (const transition of withdrawalTransitions) {
      expect(withdrawalStatuses).toContain(transition.from);
      expect(withdrawalStatuses).toContain(transition.to);
    }
    expect(withdrawalStatuses.filter((status) => !reachable.has(status))).toEqual(['pending_review']);
  });
});

describe('withdrawal payloads', () => {
  it('parses amounts to fen and defaults the mode', () => {
    expect(withdrawRequestSchema.parse({ amount: '50.00', method_id: '3' })).toEqual({
      amount: 5000,
      method_id: 3,
      mode: 'normal',
    });
    expect(withdrawRequestSchema.safeParse({ amount: '0', method_id: 3 }).success).toBe(false);
    expect(withdrawRequestSchema.safeParse({ amount: '1.001', method_id: 3 }).success).toBe(false);
    expect(withdrawRequestSchema.safeParse({ amount: Number.MAX_SAFE_INTEGER, method_id: 3 }).success).toBe(
      false,
    );
    expect(withdrawRequestSchema.safeParse({ amount: '10', method_id: 3, mode: 'auto' }).success).toBe(false);
  });

  it('keeps the keep amount within the threshold', () => {
    expect(
      autoWithdrawalRequestSchema.parse({ enabled: true, threshold: '100', keep_amount: '0', method_id: 1 }),
    ).toEqual({
      enabled: true,
      threshold: 10_000,
      keep_amount: 0,
      method_id: 1,
    });
    expect(
      autoWithdrawalRequestSchema.safeParse({
        enabled: true,
        threshold: '100',
        keep_amount: '100.01',
        method_id: 1,
      }).success,
    ).toBe(false);
  });

  it('requires a preset reason to reject', () => {
    expect(staffHandleRequestSchema.safeParse({ id: 1, action: 'reject' }).success).toBe(false);
    expect(
      staffHandleRequestSchema.safeParse({ id: 1, action: 'reject', reason_code: 'made_up' }).success,
    ).toBe(false);
    expect(
      staffHandleRequestSchema.parse({ id: 1, action: 'reject', reason_code: 'other', remark: ' 见客服 ' }),
    ).toEqual({
      id: 1,
      action: 'reject',
      reason_code: 'other',
      remark: '见客服',
    });
  });
});
