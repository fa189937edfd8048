import { describe, expect, it } from 'vitest';
import { allowedActions, nextState, type ProcessRole } from './process/engine.ts';
import {
  autoWithdrawalRequestSchema,
  staffHandleRequestSchema,
  withdrawalProcess,
  withdrawalStatuses,
  withdrawRequestSchema,
  type WithdrawalStatus,
} from './withdrawals.ts';

describe('withdrawal process', () => {
  const actions = (status: WithdrawalStatus, role: ProcessRole) =>
    allowedActions(withdrawalProcess, status, [role]);

  it('gives each role only its own moves', () => {
    expect(actions('pending_review', 'owner')).toEqual(['cancel']);
    expect(actions('pending_review', 'finance')).toEqual(['approve', 'reject']);
    expect(actions('pending_review', 'system')).toEqual(['approve']);
    expect(actions('approved', 'owner')).toEqual([]);
    expect(actions('paying', 'system')).toEqual(['succeed', 'fail']);
    for (const status of ['paid', 'failed', 'rejected', 'cancelled'] as const) {
      expect(actions(status, 'finance')).toEqual([]);
      expect(actions(status, 'system')).toEqual([]);
    }
  });

  it('refuses illegal transitions', () => {
    expect(nextState(withdrawalProcess, 'paying', 'cancel', ['owner'])).toBeUndefined();
    expect(nextState(withdrawalProcess, 'pending_review', 'reject', ['system'])).toBeUndefined();
    expect(nextState(withdrawalProcess, 'approved', 'succeed', ['system'])).toBeUndefined();
    expect(nextState(withdrawalProcess, 'pending_review', 'approve', ['finance'])).toBe('approved');
  });

  it('reaches every state but the first', () => {
    const reachable = new Set(Object.values(withdrawalProcess.transitions).map((step) => step.to));
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
