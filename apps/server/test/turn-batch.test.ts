import { describe, expect, it } from 'vitest';
import { createTurnBatcher, onlyOf, paddedForPlan } from '../src/lib/turn-batch.ts';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('turn batcher', () => {
  it('loads the keys asked in one turn with one call, each once, and answers each asker', async () => {
    const calls: number[][] = [];
    const load = createTurnBatcher<number, string>(async (keys) => {
      calls.push([...keys]);
      return new Map(keys.filter((key) => key !== 3).map((key) => [key, `v${key}`]));
    });
    const answers = await Promise.all([load(1), load(2), load(1), load(3)]);
    expect(answers).toEqual(['v1', 'v2', 'v1', undefined]);
    expect(calls).toEqual([[1, 2, 3]]);
  });

  it('keeps nothing between turns: a key asked again later is loaded again', async () => {
    let version = 0;
    const calls: number[][] = [];
    const load = createTurnBatcher<number, number>(async (keys) => {
      calls.push([...keys]);
      version += 1;
      return new Map(keys.map((key) => [key, version]));
    });
    expect(await load(7)).toBe(1);
    await nextTurn();
    expect(await load(7)).toBe(2);
    expect(calls).toEqual([[7], [7]]);
  });

  it('splits a large turn into batches of at most maxBatch; a failing batch fails only its own askers', async () => {
    const calls: number[][] = [];
    const load = createTurnBatcher<number, number>(async (keys) => {
      calls.push([...keys]);
      if (keys.includes(4)) throw new Error('batch with 4 failed');
      return new Map(keys.map((key) => [key, key * 10]));
    }, 3);
    const outcomes = await Promise.allSettled([1, 2, 3, 4, 5].map((key) => load(key)));
    expect(calls).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      10,
      20,
      30,
      'failed',
      'failed',
    ]);
  });
});

describe('paddedForPlan', () => {
  it('pads a short array to the length with the filler and leaves a long one alone', () => {
    expect(paddedForPlan(['a', 'b'], '', 4)).toEqual(['a', 'b', '', '']);
    expect(paddedForPlan([1, 2, 3, 4, 5], 0, 4)).toEqual([1, 2, 3, 4, 5]);
    expect(paddedForPlan([9], 0)).toHaveLength(16);
  });
});

describe('onlyOf', () => {
  it('answers the one element of a batch of one, and nothing for none or many', () => {
    expect(onlyOf(['a'])).toBe('a');
    expect(onlyOf([])).toBeUndefined();
    expect(onlyOf([1, 2])).toBeUndefined();
  });
});
