import { describe, expect, it } from 'vitest';
import { createResultCache } from './result-cache.ts';

function counter() {
  let calls = 0;
  const resolvers: ((value: number) => void)[] = [];
  return {
    get calls() {
      return calls;
    },
    load: () => {
      calls += 1;
      return new Promise<number>((resolve) => resolvers.push(resolve));
    },
    settle: (value: number) => resolvers.shift()?.(value),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('result cache', () => {
  it('loads once while fresh', async () => {
    let now = 0;
    const cache = createResultCache({ ttlMs: 100, clock: () => now });
    const source = counter();
    const first = cache.get('k', source.load);
    const second = cache.get('k', source.load);
    source.settle(1);
    expect([await first, await second]).toEqual([1, 1]);
    now = 99;
    expect(await cache.get('k', source.load)).toBe(1);
    expect(source.calls).toBe(1);
  });

  it('answers a stale entry at once and replaces it with one background load', async () => {
    let now = 0;
    const cache = createResultCache({ ttlMs: 100, staleMs: 1000, clock: () => now });
    const source = counter();
    const first = cache.get('k', source.load);
    source.settle(1);
    await first;
    now = 150;
    expect(await cache.get('k', source.load)).toBe(1);
    expect(await cache.get('k', source.load)).toBe(1);
    expect(source.calls).toBe(2);
    source.settle(2);
    await flush();
    expect(await cache.get('k', source.load)).toBe(2);
    expect(source.calls).toBe(2);
  });

  it('loads in the foreground once an entry is older than staleMs', async () => {
    let now = 0;
    const cache = createResultCache({ ttlMs: 100, staleMs: 1000, clock: () => now });
    const source = counter();
    const first = cache.get('k', source.load);
    source.settle(1);
    await first;
    now = 1000;
    const reloaded = cache.get('k', source.load);
    source.settle(2);
    expect(await reloaded).toBe(2);
  });

  it('drops a background load that finishes after clear()', async () => {
    let now = 0;
    const cache = createResultCache({ ttlMs: 100, clock: () => now });
    const source = counter();
    const first = cache.get('k', source.load);
    source.settle(1);
    await first;
    now = 150;
    await cache.get('k', source.load);
    cache.clear();
    source.settle(2);
    await flush();
    const fresh = cache.get('k', source.load);
    source.settle(3);
    expect(await fresh).toBe(3);
  });

  it('forgets failed loads and keeps serving the stale answer when a refresh fails', async () => {
    let now = 0;
    const cache = createResultCache({ ttlMs: 100, clock: () => now });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve(1))).toBe(1);
    now = 150;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe(1);
    await flush();
    expect(await cache.get('k', () => Promise.resolve(2))).toBe(1);
    await flush();
    expect(await cache.get('k', () => Promise.resolve(3))).toBe(2);
  });

  it('is off with ttlMs 0', async () => {
    const cache = createResultCache({ ttlMs: 0 });
    let calls = 0;
    const load = () => Promise.resolve(++calls);
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(2);
  });
});
