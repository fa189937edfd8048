import { describe, expect, it } from 'vitest';
import {
  bargainInfoQuerySchema,
  bargainOfferRequestSchema,
  bargainProcess,
  bargainRules,
  bargainStatuses,
  bargainTabStatuses,
  finalBargainStatuses,
  openBargainStatuses,
} from './bargains.ts';
import { allowedActions, nextState, timersOnEntering } from './process/engine.ts';

describe('the bargain process', () => {
  it('gives each party its own moves and the system the expiries', () => {
    expect(allowedActions(bargainProcess, 'offered', ['seller'])).toEqual(['counter', 'agree', 'reject']);
    expect(allowedActions(bargainProcess, 'countered', ['buyer'])).toEqual(['accept', 'reoffer', 'cancel']);
    expect(allowedActions(bargainProcess, 'agreed', ['seller'])).toEqual([]);
    expect(nextState(bargainProcess, 'agreed', 'use', ['buyer'])).toBe('ordered');
    expect(nextState(bargainProcess, 'agreed', 'use', ['seller'])).toBeUndefined();
    for (const state of openBargainStatuses)
      expect(timersOnEntering(bargainProcess, state).map((timer) => timer.afterSeconds)).toHaveLength(1);
    expect(timersOnEntering(bargainProcess, 'agreed')).toEqual([
      { action: 'expire', afterSeconds: bargainRules.agreedValidSeconds },
    ]);
  });

  it('lists every state in exactly one of open and final, and in the 全部 tab', () => {
    expect([...openBargainStatuses, ...finalBargainStatuses].sort()).toEqual([...bargainStatuses].sort());
    expect(bargainTabStatuses.all).toEqual(bargainStatuses);
  });

  it('reads offers as fen and needs a bargain or a listing for info', () => {
    expect(bargainOfferRequestSchema.parse({ goods_id: 3, price: '199.9' })).toEqual({
      goods_id: 3,
      price: 19_990,
    });
    expect(bargainOfferRequestSchema.safeParse({ goods_id: 3, price: '1.001' }).success).toBe(false);
    expect(bargainOfferRequestSchema.safeParse({ goods_id: 3, price: '0' }).success).toBe(false);
    expect(bargainInfoQuerySchema.safeParse({}).success).toBe(false);
    expect(bargainInfoQuerySchema.parse({ goods_id: '4' })).toEqual({ goods_id: 4 });
  });
});
