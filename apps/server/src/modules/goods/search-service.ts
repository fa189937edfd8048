import { z } from 'zod';
import {
  ErrorCodes,
  goodsFilterRequestSchema,
  goodsSortLabels,
  goodsSorts,
  goodsTagLabels,
  goodsTags,
  platformLabels,
  platforms,
  SEARCH_TOTAL_CAP,
  type GoodsCard,
  type GoodsSort,
  type GoodsList,
  type ListHeader,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import {
  countGoods,
  estimateGoods,
  gameIdOf,
  listCards,
  maxGoodsId,
  whereOf,
  type ListQuery,
} from './goods-repo.ts';
import { toCard, type ImageUrl } from './goods-cards.ts';
import { highlightRanges, snippetOf } from './search-text.ts';
import { loadSearchAliases, type SearchAlias } from './search-aliases.ts';
import type { ResultCache } from '../../lib/result-cache.ts';
import { cursorKeyOf, type SearchIndex } from './search-index.ts';
import type { SearchIndexKeeper } from './search-index-keeper.ts';
import { changeSeqNow } from './search-index-repo.ts';
import type { CardCache } from './card-cache.ts';
import { createFreshRead } from '../../lib/fresh-read.ts';
import { createSearchResolver, problem, type FilterRequest, type Resolved } from './search-resolve.ts';

export type { FilterRequest };

export interface SearchService {
  /** The whole success envelope of the list (a GoodsList), serialised once per cache entry. */
  filterJson(request: FilterRequest): Promise<string>;
  header(request: { game_id?: number | undefined; keyword?: string | undefined }): Promise<ListHeader>;
  /** The home feed, or listings like `goodsId` (same game). */
  recommend(request: {
    page: number;
    page_size: number;
    goods_id?: number | undefined;
    game_id?: number | undefined;
  }): Promise<{ list: GoodsCard[]; total: number; page: number; page_size: number }>;
  fromStore(
    sellerId: number,
    excludeId: number,
    page: number,
    pageSize: number,
  ): Promise<{ list: GoodsCard[]; total: number; page: number; page_size: number }>;
  hot(gameId: number | undefined, limit: number): Promise<GoodsCard[]>;
  /** Whether the list is answered from the in-memory index yet (else from SQL). */
  indexReady(): boolean;
}

const priceRanges = [
  { label: '100元以下', min: null, max: '100.00' },
  { label: '100-500元', min: '100.00', max: '500.00' },
  { label: '500-1000元', min: '500.00', max: '1000.00' },
  { label: '1000-5000元', min: '1000.00', max: '5000.00' },
  { label: '5000元以上', min: '5000.00', max: null },
];

const ALIAS_RELOAD_MS = 60_000;
/** Up to this many matches a page fetches them all, sorts and counts them (see listCards). */
const FEW_MATCHES = 3_000;
/** Above this many estimated matches a page walks a sort index at once. */
const MANY_MATCHES = 5_000;

/** A keyset cursor: the segment (0: the named game's listings, 1: the rest) and the last row's sort key and id. */
const cursorSchema = z.tuple([
  z.number().int().min(0).max(1),
  z.union([z.number(), z.string().max(40)]),
  z.number().int().positive(),
]);
type Cursor = z.infer<typeof cursorSchema>;

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The sort key must be of the sort's type and range: it reaches SQL as an int, bigint or time. */
const keyFits = (sort: GoodsSort, key: number | string) => {
  if (sort === 'newest') return typeof key === 'string' && !Number.isNaN(Date.parse(key));
  if (typeof key !== 'number' || !Number.isSafeInteger(key)) return false;
  return sort === 'price_asc' || sort === 'price_desc' || Math.abs(key) <= 2_147_483_647;
};

function decodeCursor(text: string, sort: GoodsSort): Cursor {
  let cursor: Cursor | undefined;
  try {
    cursor = cursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    cursor = undefined;
  }
  if (!cursor || !keyFits(sort, cursor[1])) throw problem('cursor', '翻页位置无效，请从第一页重新加载');
  return cursor;
}

type CardRowWithKey = Awaited<ReturnType<typeof listCards>>['rows'][number];
type Lookup = Awaited<ReturnType<CatalogueService['lookup']>>;

/** A page of the list before it is written out: its card rows, the words to mark, the rest of the answer. */
interface Found {
  rows: readonly CardRowWithKey[];
  runs: readonly string[];
  lookup: Lookup;
  rest: Omit<GoodsList, 'list'>;
}

/**
 * The search list is answered from the in-memory index (`index`, see search-index.ts); until it is
 * built, from SQL. `cache` holds rows and answers for a few seconds; `counts` holds totals longer,
 * keyed without the snapshot bound (recommendations and store lists, which stay on SQL).
 */
export function createSearchService(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  cache: ResultCache;
  counts: ResultCache;
  index: SearchIndexKeeper;
  cards: CardCache;
}): SearchService {
  const { db, catalogue, imageUrl, cache, counts, index: keeper, cards } = options;
  const snapshot = () => cache.get('max-id', () => maxGoodsId(db));
  const changeSeq = createFreshRead(() => changeSeqNow(db));

  let aliases: { at: number; index: Promise<Map<string, SearchAlias>> } | undefined;
  const aliasIndex = () => {
    if (!aliases || performance.now() - aliases.at > ALIAS_RELOAD_MS) {
      const index = loadSearchAliases(db).then((rows) => new Map(rows.map((row) => [row.alias, row])));
      aliases = { at: performance.now(), index };
      index.catch(() => (aliases = undefined));
    }
    return aliases.index;
  };
  const resolve = createSearchResolver({ catalogue, aliases: aliasIndex });

  /**
   * The rows of one page across the segments: from a cursor (keyset, as cheap deep as shallow) or
   * from `page` (an offset, for the first SEARCH_TOTAL_CAP rows). Each segment is read by the plan
   * its estimated matches call for; when one query fetched all matches, their number comes with it.
   */
  async function pageRows(resolved: Resolved, request: FilterRequest, allEstimate: number) {
    const { page, page_size, sort } = request;
    const withDescription = resolved.runs.length > 0;
    const rows: { segment: number; row: CardRowWithKey }[] = [];
    const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor, sort);
    const offset = (page - 1) * page_size;
    if (!cursor && offset >= SEARCH_TOTAL_CAP) throw problem('page', '页码过深，请用 cursor 继续翻页');
    let skip = cursor ? 0 : offset;
    let matches: number | undefined;
    let many = false;
    const single = resolved.segments.length === 1;
    for (const [segment, query] of resolved.segments.entries()) {
      if (cursor && segment < cursor[0]) continue;
      const after = cursor && segment === cursor[0] ? { key: cursor[1], id: cursor[2] } : undefined;
      const where = whereOf(query);
      const estimate = single ? allEstimate : await estimateGoods(db, where);
      const keyword = query.tokens.length + query.patterns.length > 0;
      const options = {
        sort,
        limit: page_size - rows.length,
        offset: skip,
        withDescription,
        after,
        planned: keyword,
      };
      // Without a keyword the planner's estimates hold, and a walk reads only small heap tuples.
      let found =
        (!keyword && query.platform === undefined) || estimate > MANY_MATCHES
          ? undefined
          : await listCards(db, whereOf(query, 'gin'), { ...options, fetchMatchesUpTo: FEW_MATCHES });
      if (!found || found.overflow)
        found = await listCards(db, whereOf(query, keyword ? 'walk' : 'plain'), options);
      if (single && !after) {
        matches = found.matches;
        many = found.overflow || estimate > MANY_MATCHES;
      }
      rows.push(...found.rows.map((row) => ({ segment, row })));
      if (rows.length === page_size) break;
      // Past this segment's end: the offset into the next is what this one did not cover.
      if (found.rows.length > 0 || skip === 0) skip = 0;
      else skip = Math.max(0, skip - (found.matches ?? (await countGoods(db, where, skip))));
    }
    const last = rows[rows.length - 1];
    const next =
      rows.length === page_size && last ? encodeCursor([last.segment, last.row.sortKey, last.row.id]) : null;
    return { rows: rows.map(({ row }) => row), next, matches, many };
  }

  /**
   * Exact up to FEW_MATCHES (counted by the page query when it fetched all matches), above it the
   * planner's estimate: counting ten thousand keyword matches reads ten thousand rows.
   */
  async function totalOf(
    resolved: Resolved,
    estimate: number,
    page: { matches?: number | undefined; many: boolean },
  ) {
    const exact =
      page.matches ?? (page.many ? undefined : await countGoods(db, whereOf(resolved.all), FEW_MATCHES + 1));
    if (exact !== undefined && exact <= FEW_MATCHES) return { total: exact, capped: false, estimate: false };
    // More than FEW_MATCHES: an estimate that says fewer is wrong, so say "3000+".
    if (estimate <= FEW_MATCHES) return { total: FEW_MATCHES, capped: true, estimate: false };
    return {
      total: Math.min(estimate, SEARCH_TOTAL_CAP),
      capped: estimate > SEARCH_TOTAL_CAP,
      estimate: estimate <= SEARCH_TOTAL_CAP,
    };
  }

  /**
   * Each card's JSON up to its closing brace, kept while the card row is (the card cache keeps a row
   * until the listing is read again) and the catalogue snapshot is the same: a hit is then its card's
   * text and its marks, with no object built or walked per request.
   */
  const cardTexts = new WeakMap<CardRowWithKey, { lookup: Lookup; text: string }>();
  const hitJson = (row: CardRowWithKey, runs: readonly string[], lookup: Lookup) => {
    let card = cardTexts.get(row);
    if (card?.lookup !== lookup) {
      card = { lookup, text: JSON.stringify(toCard(row, lookup, imageUrl)).slice(0, -1) };
      cardTexts.set(row, card);
    }
    if (runs.length === 0) return `${card.text},"title_marks":[],"snippet":"","snippet_marks":[]}`;
    const { snippet, marks } = snippetOf(row.description, runs);
    return `${card.text},"title_marks":${JSON.stringify(highlightRanges(row.title, runs))},"snippet":${JSON.stringify(snippet)},"snippet_marks":${JSON.stringify(marks)}}`;
  };

  /** The success envelope of a page: `{"err_code":0,"data":{"list":[…],…}}`. */
  const envelopeJson = (found: Found) => {
    const list = found.rows.map((row) => hitJson(row, found.runs, found.lookup)).join(',');
    return `{"err_code":0,"data":{"list":[${list}],${JSON.stringify(found.rest).slice(1)}}`;
  };

  /** A page from the index: the matches of each segment (exact), the page's listings in the sort's order, their cards. */
  async function filterByIndex(index: SearchIndex, request: FilterRequest): Promise<Found> {
    const resolved = await resolve(request, async () => index.maxId);
    const { page, page_size, sort } = request;
    const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor, sort);
    const offset = (page - 1) * page_size;
    if (!cursor && offset >= SEARCH_TOTAL_CAP) throw problem('page', '页码过深，请用 cursor 继续翻页');
    const { hits: docs, matches } = index.search(
      resolved.segments,
      sort,
      cursor ? { cursor: { segment: cursor[0], key: cursor[1], id: cursor[2] } } : { offset },
      page_size,
    );
    const [rows, lookup] = await Promise.all([cards.rows(docs.map(({ doc }) => doc.id)), catalogue.lookup()]);
    const last = docs[docs.length - 1];
    return {
      rows,
      runs: resolved.runs,
      lookup,
      rest: {
        total: Math.min(matches, SEARCH_TOTAL_CAP),
        total_capped: matches > SEARCH_TOTAL_CAP,
        total_is_estimate: false,
        page,
        page_size,
        snapshot_id: resolved.all.snapshotId,
        next_cursor:
          docs.length === page_size && last
            ? encodeCursor([last.segment, cursorKeyOf(sort, last.doc), last.doc.id])
            : null,
        keyword_game_id: resolved.keywordGameId,
      },
    };
  }

  /**
   * From the index once it is built. `goods_change_seq` is read (one read shared by the searches
   * waiting, started after this one arrived) while the page is found: when it is ahead of the index,
   * a write was not announced yet (another instance's bus message on its way, a write by SQL), so the
   * index refreshes (dropping the cards it reads again) and the page is found again.
   */
  async function filter(request: FilterRequest): Promise<Found> {
    const index = await keeper.current();
    if (!index) return filterBySql(request);
    const seq = changeSeq();
    // Awaited below, unless the page fails first (a bad cursor): then not an unhandled rejection.
    seq.catch(() => undefined);
    const first = await filterByIndex(index, request);
    if (!keeper.isBehind(await seq)) return first;
    await keeper.refresh();
    return filterByIndex((await keeper.current()) ?? index, request);
  }

  /** The SQL path, while the index is being built. */
  async function filterBySql(request: FilterRequest): Promise<Found> {
    const resolved = await resolve(request, snapshot);
    const { page, page_size } = request;
    // Not cached here: filterJson caches the whole answer, and a second stale layer beneath it would
    // make a refreshed answer out of stale rows.
    const estimate = await estimateGoods(db, whereOf(resolved.all));
    const [{ rows, next, ...counts }, lookup] = await Promise.all([
      pageRows(resolved, request, estimate),
      catalogue.lookup(),
    ]);
    const counted = await totalOf(resolved, estimate, counts);
    return {
      rows,
      runs: resolved.runs,
      lookup,
      rest: {
        total: counted.total,
        total_capped: counted.capped,
        total_is_estimate: counted.estimate,
        page,
        page_size,
        snapshot_id: resolved.all.snapshotId,
        next_cursor: next,
        keyword_game_id: resolved.keywordGameId,
      },
    };
  }

  async function header(request: {
    game_id?: number | undefined;
    keyword?: string | undefined;
  }): Promise<ListHeader> {
    const entry = request.game_id === undefined ? undefined : await catalogue.findEntry(request.game_id);
    if (request.game_id !== undefined && !entry) throw new AppError(ErrorCodes.GAME_NOT_FOUND);
    const counted = await filter(
      goodsFilterRequestSchema.parse({ game_id: request.game_id, keyword: request.keyword, page_size: 1 }),
    );
    const fields = entry?.schema.fields.filter((field) => field.filterable) ?? [];
    return {
      game: entry?.game ?? null,
      sorts: goodsSorts.map((code) => ({ code, label: goodsSortLabels[code] })),
      platforms: (entry?.game.platforms ?? [...platforms]).map((value) => ({
        value,
        label: platformLabels[value],
      })),
      partitions: entry?.partitions ?? [],
      price_ranges: priceRanges,
      tags: goodsTags.map((code) => ({ code, label: goodsTagLabels[code] })),
      range_filters: fields.flatMap((field) =>
        field.type === 'int'
          ? [{ key: field.key, label: field.label, min: field.min, max: field.max, unit: field.unit }]
          : [],
      ),
      choice_filters: fields.flatMap((field) =>
        field.type === 'enum' || field.type === 'multi'
          ? [
              {
                key: field.key,
                label: field.label,
                multiple: field.type === 'multi',
                options: field.options,
              },
            ]
          : [],
      ),
      on_sale_count: counted.rest.total,
    };
  }

  const cardPage = async (query: ListQuery, page: number, pageSize: number) => {
    const where = whereOf(query);
    const key = JSON.stringify([query, page, pageSize]);
    const read = () =>
      listCards(db, where, {
        sort: 'default',
        limit: pageSize,
        offset: (page - 1) * pageSize,
        withDescription: false,
      });
    const [{ rows }, total, lookup] = await Promise.all([
      cache.get(`rows:${key}`, read),
      counts.get(`count:${JSON.stringify({ ...query, snapshotId: undefined })}`, () =>
        countGoods(db, where, SEARCH_TOTAL_CAP),
      ),
      catalogue.lookup(),
    ]);
    return {
      list: rows.map((row) => toCard(row, lookup, imageUrl)),
      total,
      page,
      page_size: pageSize,
    };
  };

  const baseQuery = async (): Promise<ListQuery> => ({
    tokens: [],
    patterns: [],
    attrs: [],
    tags: [],
    snapshotId: await snapshot(),
  });

  return {
    indexReady: () => keeper.ready(),
    filterJson: (request) =>
      cache.get(`json:${JSON.stringify(request)}`, async () => envelopeJson(await filter(request))),

    header: (request) =>
      cache.get(`header:${request.game_id ?? ''}:${request.keyword ?? ''}`, () => header(request)),

    async recommend(request) {
      const goodsId = request.goods_id;
      let gameId = request.game_id;
      if (goodsId !== undefined && gameId === undefined) {
        gameId = await cache.get(`game-of:${goodsId}`, () => gameIdOf(db, goodsId));
        if (gameId === undefined) throw new AppError(ErrorCodes.GOODS_NOT_FOUND);
      }
      return cardPage(
        { ...(await baseQuery()), gameId, excludeId: goodsId },
        request.page,
        request.page_size,
      );
    },

    async fromStore(sellerId, excludeId, page, pageSize) {
      return cardPage({ ...(await baseQuery()), sellerId, excludeId }, page, pageSize);
    },

    async hot(gameId, limit) {
      const query = { ...(await baseQuery()), gameId };
      const [rows, lookup] = await Promise.all([
        cache.get(`hot:${gameId ?? 0}:${limit}`, async () => {
          const options = { sort: 'hot', limit, offset: 0, withDescription: false } as const;
          return (await listCards(db, whereOf(query), options)).rows;
        }),
        catalogue.lookup(),
      ]);
      return rows.map((row) => toCard(row, lookup, imageUrl));
    },
  };
}
