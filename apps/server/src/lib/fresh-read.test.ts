import { describe, expect, it } from 'vitest';
import { createFreshRead } from './fresh-read.ts';

describe('fresh read', () => {
  it('shares one read among callers, and never gives a caller a read that started before it called', async () => {
    let value = 0;
    const started: number[] = [];
    const finishers: (() => void)[] = [];
    const read = createFreshRead(async () => {
      const seen = value;
      started.push(seen);
      await new Promise<void>((resolve) => finishers.push(resolve));
      return seen;
    });
    const first = read();
    value = 1; // a write after the first read began
    const second = read();
    const third = read();
    expect(started).toEqual([0]);
    finishers.shift()?.();
    expect(await first).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual([0, 1]); // one read for both later callers, started after they called
    finishers.shift()?.();
    expect([await second, await third]).toEqual([1, 1]);
  });

  it('passes a failure to the callers of that read only', async () => {
    let fail = true;
    const read = createFreshRead(async () => {
      const failing = fail;
      await Promise.resolve();
      if (failing) throw new Error('down');
      return 'ok';
    });
    const failed = read();
    const later = read();
    fail = false;
    await expect(failed).rejects.toThrow('down');
    await expect(later).resolves.toBe('ok');
  });
});
