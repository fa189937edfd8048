import { describe, expect, it } from 'vitest';
import { goodsSorts, type GoodsSort } from '@haoshi/contracts';
import type { ListQuery } from '../src/modules/goods/goods-repo.ts';
import { cursorKeyOf, SearchIndex, type IndexedListing } from '../src/modules/goods/search-index.ts';
import { keywordQuery, searchTextOf } from '../src/modules/goods/search-text.ts';

const listing = (id: number, fields: Partial<IndexedListing> & { text?: string } = {}): IndexedListing => ({
  id,
  gameId: 1 + (id % 3),
  platform: id % 2 === 0 ? 'android' : 'ios',
  partitionId: 10 + (id % 4),
  price: 100 * ((id * 7919) % 97),
  rankScore: (id * 104729) % 1013,
  listedAt: Date.UTC(2026, 0, 1) + ((id * 15485863) % 10007) * 60_000,
  heat: (id * 31) % 50,
  tags: id % 5 === 0 ? ['guarantee'] : [],
  sellerId: 100 + (id % 7),
  attrs: { rank: id % 2 === 0 ? 'v6' : 'v8', skins: id % 300, heroes: id % 4 === 0 ? ['李白'] : ['貂蝉'] },
  searchText: searchTextOf([fields.text ?? (id % 10 === 0 ? '王者荣耀 全皮肤 v10' : '原神 雷电将军')]),
  ...fields,
});

const query = (fields: Partial<ListQuery> = {}): ListQuery => ({
  tokens: [],
  patterns: [],
  attrs: [],
  tags: [],
  snapshotId: Number.MAX_SAFE_INTEGER,
  ...fields,
});

/** What the SQL path would answer: every listing tested one by one, sorted by the sort's key and id. */
function expected(docs: IndexedListing[], test: (doc: IndexedListing) => boolean, sort: GoodsSort) {
  const key = (doc: IndexedListing) =>
    sort === 'default'
      ? doc.rankScore
      : sort === 'newest'
        ? (doc.listedAt ?? 0)
        : sort === 'hot'
          ? doc.heat
          : doc.price;
  const sign = sort === 'price_asc' ? 1 : -1;
  return docs
    .filter(test)
    .sort((a, b) => sign * (key(a) - key(b) || a.id - b.id))
    .map((doc) => doc.id);
}

describe('the in-memory search index', () => {
  const docs = Array.from({ length: 4_000 }, (_, index) => listing(index + 1));

  it('finds keywords by bigrams, word prefixes and word order, and counts them exactly', async () => {
    const index = await SearchIndex.build(docs, 4_000);
    const count = (runs: string[], extra: Partial<ListQuery> = {}) =>
      index.matches(query({ ...keywordQuery(runs), ...extra })).length;
    expect(count(['王者'])).toBe(400);
    expect(count(['王者荣耀'])).toBe(400);
    expect(count(['荣耀王者'])).toBe(0); // the bigrams are there, not in this order
    expect(count(['v1'])).toBe(400); // a prefix of v10
    expect(count(['耀'])).toBe(400);
    expect(count(['雷电将军'], { gameId: 2 })).toBe(
      docs.filter((doc) => doc.id % 10 !== 0 && doc.gameId === 2).length,
    );
    expect(count(['王者'], { otherThanGameId: 1 })).toBe(
      docs.filter((doc) => doc.id % 10 === 0 && doc.gameId !== 1).length,
    );
  });

  it('filters like the SQL path: tags, choices, ranges, price, partition, seller, snapshot', async () => {
    const index = await SearchIndex.build(docs, 4_000);
    const ids = (q: ListQuery) => new Set(index.matches(q).map((slot) => slot + 1));
    const same = (q: ListQuery, test: (doc: IndexedListing) => boolean) =>
      expect(ids(q)).toEqual(new Set(docs.filter(test).map((doc) => doc.id)));
    same(query({ tags: ['guarantee'], platform: 'ios' }), (doc) => doc.id % 5 === 0 && doc.id % 2 === 1);
    same(query({ attrs: [{ key: 'rank', kind: 'enum', values: ['v6'] }] }), (doc) => doc.id % 2 === 0);
    same(
      query({ attrs: [{ key: 'heroes', kind: 'multi', values: ['李白', '妲己'] }] }),
      (doc) => doc.id % 4 === 0,
    );
    same(
      query({ attrs: [{ key: 'skins', kind: 'int', min: 100, max: 120 }], priceMin: 500, priceMax: 3000 }),
      (doc) => doc.id % 300 >= 100 && doc.id % 300 <= 120 && doc.price >= 500 && doc.price <= 3000,
    );
    same(
      query({ partitionId: 11, sellerId: 103, snapshotId: 2_000 }),
      (doc) => doc.id % 4 === 1 && doc.id % 7 === 3 && doc.id <= 2_000,
    );
  });

  it('pages every sort by offset and by cursor, few matches (sorted) and many (walked), alike', async () => {
    const index = await SearchIndex.build(docs, 4_000);
    for (const sort of goodsSorts) {
      for (const [q, test] of [
        [
          query({ gameId: 1, tags: ['guarantee'] }),
          (doc: IndexedListing) => doc.gameId === 1 && doc.id % 5 === 0,
        ],
        [query({ platform: 'android' }), (doc: IndexedListing) => doc.id % 2 === 0],
      ] as const) {
        const matched = index.matches(q);
        const all = expected(docs, test, sort);
        expect(index.page(matched, sort, { offset: 0 }, 30).map((doc) => doc.id)).toEqual(all.slice(0, 30));
        expect(index.page(matched, sort, { offset: 45 }, 30).map((doc) => doc.id)).toEqual(all.slice(45, 75));
        const walked: number[] = [];
        let page = index.page(matched, sort, { offset: 0 }, 97);
        while (page.length > 0) {
          walked.push(...page.map((doc) => doc.id));
          const last = page[page.length - 1] as IndexedListing;
          page = index.page(matched, sort, { after: { key: cursorKeyOf(sort, last), id: last.id } }, 97);
        }
        expect(walked).toEqual(all);
      }
    }
  });

  it('applies a change in place, moves a listing whose words changed, and drops one taken off sale', async () => {
    const index = await SearchIndex.build(docs.slice(0, 100), 100);
    const first = docs[0] as IndexedListing;
    index.apply(1, { ...first, heat: 10_000 });
    expect(index.page(index.matches(query()), 'hot', { offset: 0 }, 1).map((doc) => doc.id)).toEqual([1]);
    index.apply(2, listing(2, { text: '和平精英 玛莎拉蒂' }));
    expect(index.matches(query(keywordQuery(['玛莎拉蒂']))).length).toBe(1);
    expect(index.matches(query(keywordQuery(['雷电将军']))).length).toBe(89);
    index.apply(3, undefined);
    index.apply(101, listing(101));
    expect(index.size).toBe(99 + 1);
    expect(index.maxId).toBe(101);
  });
});
