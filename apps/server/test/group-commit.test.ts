import { describe, expect, it } from 'vitest';
import { createGroupCommit } from '../src/lib/group-commit.ts';

/** A batch writer whose batches are recorded and can be held open until released. */
function recorder(options: {
  leaveOut?: (item: number) => boolean;
  failWhen?: (items: readonly number[]) => boolean;
}) {
  const batches: number[][] = [];
  const alone: number[] = [];
  let hold: Promise<void> | undefined;
  let release = () => undefined as void;
  const write = createGroupCommit<number, string>({
    async runMany(items) {
      batches.push([...items]);
      if (hold) await hold;
      if (options.failWhen?.(items)) throw new Error('batch failed');
      return items.map((item) => (options.leaveOut?.(item) ? undefined : `batch:${item}`));
    },
    async runOne(item) {
      alone.push(item);
      if (item < 0) throw new Error(`refused ${item}`);
      return `alone:${item}`;
    },
    maxBatch: 4,
  });
  return {
    write,
    batches,
    alone,
    holdNext: () => {
      hold = new Promise<void>((resolve) => (release = resolve));
      return () => {
        hold = undefined;
        release();
      };
    },
  };
}

describe('group commit', () => {
  it('writes the items asked for in one turn together, at most maxBatch a batch', async () => {
    const { write, batches, alone } = recorder({});
    const answers = await Promise.all([1, 2, 3].map(write));
    expect(answers).toEqual(['batch:1', 'batch:2', 'batch:3']);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(alone).toEqual([]);
  });

  it('holds the items asked for while a batch runs, and writes them as the next batch', async () => {
    const { write, batches, holdNext } = recorder({});
    const release = holdNext();
    const first = write(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4, 5, 6].map(write);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('batch:1');
    expect(await Promise.all(later)).toEqual(['batch:2', 'batch:3', 'batch:4', 'batch:5', 'batch:6']);
    // maxBatch 4: the five waiting items go as two batches, one after the other.
    expect(batches).toEqual([[1], [2, 3, 4, 5], [6]]);
  });

  it('runs an item the batch left out alone, after the batch', async () => {
    const { write, batches, alone } = recorder({ leaveOut: (item) => item % 2 === 0 });
    expect(await Promise.all([1, 2, 3, 4].map(write))).toEqual(['batch:1', 'alone:2', 'batch:3', 'alone:4']);
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(alone).toEqual([2, 4]);
  });

  it('runs every item alone when the batch fails, each with its own answer or refusal', async () => {
    const { write, alone } = recorder({ failWhen: (items) => items.length > 1 });
    const results = await Promise.allSettled([5, -1, 7].map(write));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'alone:5' },
      { status: 'rejected', reason: new Error('refused -1') },
      { status: 'fulfilled', value: 'alone:7' },
    ]);
    expect(alone.sort()).toEqual([-1, 5, 7].sort());
  });

  it('is free for the next batch while the left-out items of the last one run alone', async () => {
    let holdAlone = () => undefined as void;
    const aloneHeld = new Promise<void>((resolve) => (holdAlone = resolve));
    const batches: number[][] = [];
    const write = createGroupCommit<number, string>({
      runMany: async (items) => {
        batches.push([...items]);
        return items.map((item) => (item === 1 ? undefined : `batch:${item}`));
      },
      runOne: async (item) => {
        await aloneHeld;
        return `alone:${item}`;
      },
    });
    const one = write(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await write(2)).toBe('batch:2');
    holdAlone();
    expect(await one).toBe('alone:1');
    expect(batches).toEqual([[1], [2]]);
  });
});
