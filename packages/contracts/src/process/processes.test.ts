import { describe, expect, it } from 'vitest';
import { goodsProcess } from '../goods-status.ts';
import { orderPaidStates, orderProcess } from '../orders.ts';
import { rechargeProcess } from '../payments.ts';
import { realNameProcess } from '../real-name.ts';
import { sincerityHoldProcess, sincerityPenaltyProcess } from '../sincerity.ts';
import { withdrawalProcess } from '../withdrawals.ts';
import { allowedActions, nextState, processRoles, timersOnEntering, type AnyProcess } from './engine.ts';

const processes: AnyProcess[] = [
  withdrawalProcess,
  goodsProcess,
  rechargeProcess,
  realNameProcess,
  sincerityHoldProcess,
  sincerityPenaltyProcess,
];

/** The states reachable from `from` (the initial one unless told), whoever acts. */
function reachable(process: AnyProcess, from = process.initial): Set<string> {
  const seen = new Set([from]);
  const queue = [from];
  for (let state = queue.shift(); state !== undefined; state = queue.shift()) {
    for (const action of allowedActions(process, state, processRoles)) {
      const next = nextState(process, state, action);
      if (next !== undefined && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

describe('the processes of haoshi', () => {
  it.each(processes.map((process) => [process.name, process] as const))(
    '%s: every state is reachable and labelled, every non-terminal state has a way on',
    (_name, process) => {
      expect([...reachable(process)].sort()).toEqual([...process.states].sort());
      for (const state of process.states) {
        expect(process.stateLabels[state]).toBeTruthy();
        if (!process.terminal.includes(state))
          expect(allowedActions(process, state, processRoles).length).toBeGreaterThan(0);
      }
    },
  );

  it('have unique names (the history table keys on them)', () => {
    expect(new Set(processes.map((process) => process.name)).size).toBe(processes.length);
  });

  it('close a recharge 30 minutes after it was created', () => {
    expect(timersOnEntering(rechargeProcess, 'pending')).toEqual([{ action: 'close', afterSeconds: 1800 }]);
  });
});

describe('the order process', () => {
  it('names as paid exactly the states reachable from paid', () => {
    expect([...reachable(orderProcess, 'paid')].sort()).toEqual([...orderPaidStates].sort());
  });
});
