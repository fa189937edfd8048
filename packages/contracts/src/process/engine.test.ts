import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../error-codes.ts';
import {
  allowedActions,
  canTake,
  defineProcess,
  isTerminal,
  nextState,
  timersOnEntering,
  type ProcessTransition,
} from './engine.ts';

/** A small order-like process: a payment timer, two parties, staff arbitration, a guard. */
const order = defineProcess({
  name: 'order_sample',
  states: ['pending_payment', 'paid', 'delivering', 'disputed', 'completed', 'cancelled', 'refunded'],
  stateLabels: {
    pending_payment: '待付款',
    paid: '已付款',
    delivering: '交付中',
    disputed: '纠纷中',
    completed: '已完成',
    cancelled: '已取消',
    refunded: '已退款',
  },
  initial: 'pending_payment',
  terminal: ['completed', 'cancelled', 'refunded'],
  refusal: { errCode: ErrorCodes.PROCESS_STATE_INVALID },
  guards: { delivered: { errCode: ErrorCodes.PROCESS_STATE_INVALID, message: '卖家尚未交付' } },
  transitions: {
    pay: { from: 'pending_payment', to: 'paid', roles: ['buyer'], label: '付款' },
    cancel: { from: 'pending_payment', to: 'cancelled', roles: ['buyer'], label: '取消订单' },
    expire: {
      from: 'pending_payment',
      to: 'cancelled',
      roles: ['system'],
      afterSeconds: 15 * 60,
      label: '超时未付款',
    },
    deliver: { from: 'paid', to: 'delivering', roles: ['seller'], label: '开始交付' },
    confirm: {
      from: 'delivering',
      to: 'completed',
      roles: ['buyer'],
      guards: ['delivered'],
      label: '确认收货',
    },
    auto_confirm: {
      from: 'delivering',
      to: 'completed',
      roles: ['system'],
      afterSeconds: 3 * 86_400,
      label: '自动确认收货',
    },
    dispute: { from: ['paid', 'delivering'], to: 'disputed', roles: ['buyer', 'seller'], label: '申请仲裁' },
    refund: { from: 'disputed', to: 'refunded', roles: ['customer_service'], label: '仲裁退款' },
    release: { from: 'disputed', to: 'completed', roles: ['customer_service'], label: '仲裁放款' },
    note: { from: ['paid', 'delivering', 'disputed'], roles: ['buyer', 'seller'], label: '留言' },
  },
});

describe('process engine', () => {
  it('derives the buttons each party sees', () => {
    expect(allowedActions(order, 'pending_payment', ['buyer'])).toEqual(['pay', 'cancel']);
    expect(allowedActions(order, 'pending_payment', ['seller'])).toEqual([]);
    expect(allowedActions(order, 'paid', ['seller'])).toEqual(['deliver', 'dispute', 'note']);
    expect(allowedActions(order, 'disputed', ['customer_service'])).toEqual(['refund', 'release']);
    expect(allowedActions(order, 'completed', ['buyer', 'seller', 'system'])).toEqual([]);
    // A user holding two roles sees the union.
    expect(allowedActions(order, 'delivering', ['buyer', 'seller'])).toEqual(['confirm', 'dispute', 'note']);
  });

  it('answers where an action leads, and nothing for a refused one', () => {
    expect(nextState(order, 'pending_payment', 'pay', ['buyer'])).toBe('paid');
    expect(nextState(order, 'pending_payment', 'pay', ['seller'])).toBeUndefined();
    expect(nextState(order, 'paid', 'pay', ['buyer'])).toBeUndefined();
    expect(nextState(order, 'paid', 'note')).toBe('paid');
    expect(canTake(order, 'disputed', 'refund', ['customer_service'])).toBe(true);
    expect(canTake(order, 'disputed', 'refund', ['admin'])).toBe(false);
    expect(isTerminal(order, 'refunded')).toBe(true);
  });

  it('lists the timers to arm on entering a state', () => {
    expect(timersOnEntering(order, 'pending_payment')).toEqual([{ action: 'expire', afterSeconds: 900 }]);
    expect(timersOnEntering(order, 'delivering')).toEqual([
      { action: 'auto_confirm', afterSeconds: 259_200 },
    ]);
    expect(timersOnEntering(order, 'paid')).toEqual([]);
  });

  it('refuses a malformed definition when it is defined', () => {
    const base = {
      name: 'broken',
      states: ['a', 'b'] as const,
      stateLabels: { a: 'A', b: 'B' },
      initial: 'a' as const,
      terminal: ['b'] as const,
      refusal: { errCode: ErrorCodes.PROCESS_STATE_INVALID },
      guards: {},
    };
    const withStep = (step: ProcessTransition<'a' | 'b', never>) =>
      defineProcess({ ...base, transitions: { go: step } });
    expect(() => withStep({ from: 'b', to: 'a', roles: ['owner'], label: 'x' })).toThrow(/terminal/);
    expect(() => withStep({ from: 'a', to: 'b', roles: ['owner'], afterSeconds: 5, label: 'x' })).toThrow(
      /system alone/,
    );
    expect(() => withStep({ from: 'a', to: 'b', roles: ['system'], afterSeconds: 0, label: 'x' })).toThrow(
      /positive/,
    );
    expect(() => withStep({ from: 'a', to: 'b', roles: [], label: 'x' })).toThrow(/no role/);
    expect(() =>
      defineProcess({
        ...base,
        guards: {},
        transitions: {
          go: { from: 'a', to: 'b', roles: ['owner'], guards: ['missing' as never], label: 'x' },
        },
      }),
    ).toThrow(/unknown guard/);
    expect(withStep({ from: 'a', to: 'b', roles: ['system'], afterSeconds: 5, label: 'x' }).name).toBe(
      'broken',
    );
  });
});
