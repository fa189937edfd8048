import { describe, expect, it } from 'vitest';
import { createCardCache } from './card-cache.ts';
import type { SearchCardRow } from './search-index-repo.ts';

const card = (id: number, title: string): SearchCardRow => ({
  id,
  title,
  gameId: 1,
  platform: 'android',
  partitionId: 1,
  price: 100,
  originalPrice: null,
  cover: null,
  tags: [],
  highlights: [],
  views: 0,
  favourites: 0,
  listedAt: null,
  sellerId: 1,
  storeName: '',
  description: '',
  sortKey: 0,
});

/** A table of titles read by id; each read is recorded and can be held until released. */
function source(titles: Map<number, string>) {
  const reads: number[][] = [];
  let hold: Promise<void> | undefined;
  return {
    reads,
    holdNext() {
      let release = () => undefined as void;
      hold = new Promise<void>((resolve) => (release = resolve));
      return release;
    },
    read: async (ids: readonly number[]) => {
      reads.push([...ids]);
      // What the row says when the read starts, answered when released.
      const answer = new Map(
        ids.flatMap((id) => {
          const title = titles.get(id);
          return title === undefined ? [] : [[id, card(id, title)] as const];
        }),
      );
      const waiting = hold;
      hold = undefined;
      await waiting;
      return answer;
    },
  };
}

describe('card cache', () => {
  it('reads only the cards it does not hold, in the order asked, leaving out listings gone', async () => {
    const titles = new Map([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    const from = source(titles);
    const cache = createCardCache({ read: from.read, clock: () => 0 });
    expect((await cache.rows([2, 1])).map((row) => row.title)).toEqual(['b', 'a']);
    expect((await cache.rows([3, 2, 9, 1])).map((row) => row.title)).toEqual(['c', 'b', 'a']);
    expect(from.reads).toEqual([
      [2, 1],
      [3, 9],
    ]);
    expect((await cache.rows([1, 2, 3])).map((row) => row.id)).toEqual([1, 2, 3]);
    expect(from.reads).toHaveLength(2);
  });

  it('reads a dropped card again, and a card older than the TTL (views and favourites)', async () => {
    const titles = new Map([[1, 'old']]);
    let now = 0;
    const from = source(titles);
    const cache = createCardCache({ read: from.read, ttlMs: 5000, clock: () => now });
    await cache.rows([1]);
    titles.set(1, 'new');
    expect((await cache.rows([1]))[0]?.title).toBe('old');
    cache.drop([1]);
    expect((await cache.rows([1]))[0]?.title).toBe('new');
    titles.set(1, 'newer');
    now = 4999;
    expect((await cache.rows([1]))[0]?.title).toBe('new');
    now = 5000;
    expect((await cache.rows([1]))[0]?.title).toBe('newer');
  });

  it('does not keep a card read before a drop: the write that caused the drop may be newer', async () => {
    const titles = new Map([[1, 'before the write']]);
    const from = source(titles);
    const cache = createCardCache({ read: from.read, clock: () => 0 });
    const release = from.holdNext();
    const slow = cache.rows([1]); // read under way with the old row
    titles.set(1, 'after the write');
    cache.drop([1]); // the index refresh read the written row
    release();
    expect((await slow)[0]?.title).toBe('before the write'); // this answer began before the write
    expect((await cache.rows([1]))[0]?.title).toBe('after the write');
  });

  it('keeps at most maxEntries cards', async () => {
    const titles = new Map([1, 2, 3, 4].map((id) => [id, `t${id}`]));
    const from = source(titles);
    const cache = createCardCache({ read: from.read, maxEntries: 2, clock: () => 0 });
    await cache.rows([1, 2, 3]);
    await cache.rows([2, 3]);
    expect(from.reads).toHaveLength(1);
    await cache.rows([1]);
    expect(from.reads).toEqual([[1, 2, 3], [1]]);
  });
});
