import { describe, expect, it } from 'vitest';
import { goodsSorts, SEARCH_TOTAL_CAP, type GoodsSort } from '@haoshi/contracts';
import type { ListQuery } from '../src/modules/goods/goods-repo.ts';
import {
  cursorKeyOf,
  SearchIndex,
  type IndexedListing,
  type SearchStart,
} from '../src/modules/goods/search-index.ts';
import { keywordQuery, searchTextOf } from '../src/modules/goods/search-text.ts';
import { random } from '../src/modules/goods/demo-listings.ts';

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

const ids = (index: SearchIndex, q: ListQuery, sort: GoodsSort, start: SearchStart, limit: number) =>
  index.search([q], sort, start, limit).hits.map((hit) => hit.doc.id);
const countOf = (index: SearchIndex, q: ListQuery) => index.search([q], 'default', { offset: 0 }, 0).matches;

describe('the in-memory search index', () => {
  const docs = Array.from({ length: 4_000 }, (_, index) => listing(index + 1));

  it('finds keywords by bigrams, word prefixes and word order, and counts them exactly', async () => {
    const index = await SearchIndex.build(docs, 4_000);
    const count = (runs: string[], extra: Partial<ListQuery> = {}) =>
      countOf(index, query({ ...keywordQuery(runs), ...extra }));
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
    const found = (q: ListQuery) => new Set(ids(index, q, 'default', { offset: 0 }, 4_000));
    const same = (q: ListQuery, test: (doc: IndexedListing) => boolean) =>
      expect(found(q)).toEqual(new Set(docs.filter(test).map((doc) => doc.id)));
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
        const all = expected(docs, test, sort);
        expect(ids(index, q, sort, { offset: 0 }, 30)).toEqual(all.slice(0, 30));
        expect(ids(index, q, sort, { offset: 45 }, 30)).toEqual(all.slice(45, 75));
        const walked: number[] = [];
        let page = index.search([q], sort, { offset: 0 }, 97).hits;
        while (page.length > 0) {
          walked.push(...page.map((hit) => hit.doc.id));
          const last = (page[page.length - 1] as { doc: IndexedListing }).doc;
          page = index.search(
            [q],
            sort,
            { cursor: { segment: 0, key: cursorKeyOf(sort, last), id: last.id } },
            97,
          ).hits;
        }
        expect(walked).toEqual(all);
      }
    }
  });

  it('applies a change in place, moves a listing whose words changed, and drops one taken off sale', async () => {
    const index = await SearchIndex.build(docs.slice(0, 100), 100);
    const first = docs[0] as IndexedListing;
    index.apply(1, { ...first, heat: 10_000 });
    expect(ids(index, query(), 'hot', { offset: 0 }, 1)).toEqual([1]);
    index.apply(2, listing(2, { text: '和平精英 玛莎拉蒂' }));
    expect(countOf(index, query(keywordQuery(['玛莎拉蒂'])))).toBe(1);
    expect(countOf(index, query(keywordQuery(['雷电将军'])))).toBe(89);
    index.apply(3, undefined);
    index.apply(101, listing(101));
    expect(index.size).toBe(99 + 1);
    expect(index.maxId).toBe(101);
  });
});

/** A LIKE pattern without wildcards inside: `%text%`. */
const like = (text: string, pattern: string) => text.includes(pattern.slice(1, -1));

/** The SQL path's reading of a query, one listing at a time: the reference for the index. */
const wordsOf = new WeakMap<IndexedListing, Set<string>>();
function referenceMatch(doc: IndexedListing, q: ListQuery): boolean {
  let words = wordsOf.get(doc);
  if (!words) wordsOf.set(doc, (words = new Set(doc.searchText.split(' '))));
  if (!q.tokens.every((token) => words.has(token))) return false;
  if (!q.patterns.every((pattern) => like(doc.searchText, pattern))) return false;
  if (q.gameId !== undefined && doc.gameId !== q.gameId) return false;
  if (q.otherThanGameId !== undefined && doc.gameId === q.otherThanGameId) return false;
  if (q.platform !== undefined && doc.platform !== q.platform) return false;
  if (q.partitionId !== undefined && doc.partitionId !== q.partitionId) return false;
  if (q.sellerId !== undefined && doc.sellerId !== q.sellerId) return false;
  if (q.priceMin !== undefined && doc.price < q.priceMin) return false;
  if (q.priceMax !== undefined && doc.price > q.priceMax) return false;
  if (q.excludeId !== undefined && doc.id === q.excludeId) return false;
  if (doc.id > q.snapshotId) return false;
  if (!q.tags.every((tag) => doc.tags.includes(tag))) return false;
  return q.attrs.every((condition) => {
    const value = doc.attrs[condition.key];
    if (condition.kind === 'int')
      return (
        typeof value === 'number' &&
        (condition.min === undefined || value >= condition.min) &&
        (condition.max === undefined || value <= condition.max)
      );
    if (condition.kind === 'enum')
      return (
        (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
        condition.values.includes(String(value))
      );
    if (Array.isArray(value))
      return value.some((item) => typeof item === 'string' && condition.values.includes(item));
    return typeof value === 'string' && condition.values.includes(value);
  });
}

const keyOf = (sort: GoodsSort, doc: IndexedListing) =>
  sort === 'default'
    ? doc.rankScore
    : sort === 'newest'
      ? (doc.listedAt ?? Number.NEGATIVE_INFINITY)
      : sort === 'hot'
        ? doc.heat
        : doc.price;
/** Positive when a comes after b in the sort's order. */
function compare(sort: GoodsSort, a: { key: number; id: number }, b: { key: number; id: number }) {
  const sign = sort === 'price_asc' ? 1 : -1;
  if (a.key !== b.key) return a.key < b.key ? -sign : sign;
  return a.id < b.id ? -sign : a.id > b.id ? sign : 0;
}

/** What the list reads from SQL: each segment's matches sorted, one segment after the other. */
const referenceAll = (docs: readonly IndexedListing[], segments: readonly ListQuery[], sort: GoodsSort) =>
  segments.flatMap((q, segment) =>
    docs
      .filter((doc) => referenceMatch(doc, q))
      .sort((a, b) => compare(sort, { key: keyOf(sort, a), id: a.id }, { key: keyOf(sort, b), id: b.id }))
      .map((doc) => ({ segment, id: doc.id, key: keyOf(sort, doc) })),
  );

/** The page of those from a start. */
function referencePage(
  all: ReturnType<typeof referenceAll>,
  sort: GoodsSort,
  start: SearchStart,
  limit: number,
) {
  let rest = all;
  if ('offset' in start) rest = all.slice(start.offset);
  else {
    const { cursor } = start;
    const key = typeof cursor.key === 'string' ? Date.parse(cursor.key) : cursor.key;
    rest = all.filter(
      (hit) =>
        hit.segment > cursor.segment ||
        (hit.segment === cursor.segment && compare(sort, hit, { key, id: cursor.id }) > 0),
    );
  }
  return rest.slice(0, limit).map(({ segment, id }) => ({ segment, id }));
}

describe('the in-memory search index against the SQL reading of a query', () => {
  const words = [
    '王者荣耀',
    '原神',
    '和平精英',
    '全皮肤',
    '雷电将军',
    '典藏',
    'v10',
    'v8',
    '国服',
    '稀有',
    '满级',
    '凤求凰',
  ];
  const runs = [
    '王者',
    '荣耀',
    '王者荣耀',
    '原神',
    '精英',
    '皮肤',
    '雷电',
    '将军',
    '典',
    '藏',
    'v',
    'v1',
    'v10',
    '国服',
    '稀有',
    '满',
    '凤求凰',
    '求凰',
    '绝版',
    '限定款',
    'x',
    'x1',
  ];
  const draw = (seed: number, count: number) => {
    const rng = random(seed);
    return Array.from({ length: count }, (_, at) => {
      const id = at + 1;
      return listing(id, {
        gameId: 1 + rng.int(0, 3),
        platform: rng.pick(['android', 'ios', 'pc']),
        partitionId: rng.int(10, 13),
        price: 100 * rng.int(1, 120),
        rankScore: rng.int(0, 50),
        listedAt: rng.chance(0.05) ? null : Date.UTC(2026, 0, 1) + rng.int(0, 500) * 60_000,
        heat: rng.int(0, 40),
        tags: rng.sample(['guarantee', 'rebind', 'official_shots'] as const, rng.int(0, 2)),
        sellerId: 100 + rng.int(0, 9),
        attrs: {
          rank: rng.pick(['v6', 'v8', 'v10']),
          skins: rng.int(0, 300),
          heroes: rng.sample(['李白', '貂蝉', '妲己', '韩信'], rng.int(0, 2)),
        },
        text:
          rng.sample(words, rng.int(1, 4)).join(' ') +
          (rng.chance(0.03) ? ` ${rng.pick(['绝版', '限定款', 'x5', 'x12'])}` : ''),
      });
    });
  };
  const randomQuery = (rng: ReturnType<typeof random>, maxId: number): ListQuery[] => {
    const keyword = rng.chance(0.6)
      ? keywordQuery(rng.sample(runs, rng.int(1, 2)))
      : { tokens: [], patterns: [] };
    const q = query({
      ...keyword,
      gameId: rng.chance(0.5) ? 1 + rng.int(0, 4) : undefined,
      platform: rng.chance(0.3) ? rng.pick(['android', 'ios', 'pc'] as const) : undefined,
      partitionId: rng.chance(0.1) ? rng.int(10, 13) : undefined,
      sellerId: rng.chance(0.1) ? 100 + rng.int(0, 9) : undefined,
      priceMin: rng.chance(0.3) ? 100 * rng.int(0, 60) : undefined,
      priceMax: rng.chance(0.3) ? 100 * rng.int(40, 130) : undefined,
      excludeId: rng.chance(0.1) ? rng.int(1, maxId) : undefined,
      snapshotId: rng.chance(0.2) ? rng.int(1, maxId) : maxId,
      tags: rng.chance(0.3) ? [rng.pick(['guarantee', 'rebind', 'official_shots'] as const)] : [],
      attrs: rng.chance(0.3)
        ? [
            rng.pick([
              { key: 'rank', kind: 'enum', values: rng.sample(['v6', 'v8', 'v10'], rng.int(1, 2)) },
              { key: 'heroes', kind: 'multi', values: rng.sample(['李白', '貂蝉', '妲己'], rng.int(1, 2)) },
              {
                key: 'skins',
                kind: 'int',
                min: rng.int(0, 150),
                max: rng.chance(0.5) ? rng.int(150, 300) : undefined,
              },
            ] as const),
          ]
        : [],
    });
    // A keyword that names a game: that game's listings, then the others (as the resolver asks).
    if (q.gameId !== undefined && rng.chance(0.3))
      return [q, { ...q, gameId: undefined, otherThanGameId: q.gameId }];
    return [q];
  };

  const check = (index: SearchIndex, docs: readonly IndexedListing[], seed: number, rounds: number) => {
    const rng = random(seed);
    const live = docs.filter((doc) => doc !== undefined);
    for (let round = 0; round < rounds; round++) {
      const segments = randomQuery(rng, index.maxId);
      const sort = rng.pick(goodsSorts);
      const limit = rng.pick([1, 20, 50]);
      let start: SearchStart = { offset: rng.chance(0.7) ? 0 : rng.int(0, 400) };
      const all = referenceAll(live, segments, sort);
      // Follow the cursors of a few pages, checking each.
      for (let page = 0; page < 3; page++) {
        const got = index.search(segments, sort, start, limit);
        const context = JSON.stringify({ segments, sort, start, limit });
        expect(
          got.hits.map(({ segment, doc }) => ({ segment, id: doc.id })),
          context,
        ).toEqual(referencePage(all, sort, start, limit));
        expect(Math.min(got.matches, SEARCH_TOTAL_CAP + 1), context).toBe(
          Math.min(all.length, SEARCH_TOTAL_CAP + 1),
        );
        const last = got.hits[got.hits.length - 1];
        if (!last || got.hits.length < limit) break;
        start = { cursor: { segment: last.segment, key: cursorKeyOf(sort, last.doc), id: last.doc.id } };
      }
    }
  };

  it('answers 1,000 random queries exactly as the reference, also after listings changed', async () => {
    const docs = draw(1, 3_000);
    const index = await SearchIndex.build(docs, 3_000);
    check(index, docs, 2, 500);
    // Changes: prices and heat in place, words changed (a new slot), taken off sale, new listings.
    const rng = random(3);
    const current = new Map(docs.map((doc) => [doc.id, doc]));
    const fresh = draw(4, 3_400);
    for (let change = 0; change < 600; change++) {
      const id = rng.int(1, 3_400);
      const old = current.get(id);
      const kind = rng.int(0, 2);
      const next =
        kind === 0 && old
          ? { ...old, price: 100 * rng.int(1, 120), heat: rng.int(0, 40), rankScore: rng.int(0, 50) }
          : kind === 1
            ? (fresh[id - 1] as IndexedListing)
            : undefined;
      index.apply(id, next);
      if (next) current.set(id, next);
      else current.delete(id);
    }
    check(index, [...current.values()], 5, 500);
  });

  it('counts past the cap and walks the pages of a query with more matches than the cap', async () => {
    const docs = draw(6, SEARCH_TOTAL_CAP + 2_500);
    const index = await SearchIndex.build(docs, docs.length);
    check(index, docs, 7, 50);
    for (const sort of goodsSorts) {
      const wide = query({ snapshotId: docs.length, priceMin: 200 });
      const got = index.search([wide], sort, { offset: 9_980 }, 20);
      const all = referenceAll(docs, [wide], sort);
      expect(got.matches).toBeGreaterThan(SEARCH_TOTAL_CAP);
      expect(all.length).toBeGreaterThan(SEARCH_TOTAL_CAP);
      expect(got.hits.map(({ segment, doc }) => ({ segment, id: doc.id }))).toEqual(
        referencePage(all, sort, { offset: 9_980 }, 20),
      );
    }
  });
});
