import { createHash } from 'node:crypto';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { GoodsSort, GoodsTag, Platform } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { preparedRows } from '../../lib/sql-rows.ts';
import { createTurnBatcher, paddedForPlan } from '../../lib/turn-batch.ts';
import { goods, stores } from './tables.ts';

export type AttributeCondition =
  | { key: string; kind: 'int'; min: number | undefined; max: number | undefined }
  | { key: string; kind: 'enum' | 'multi'; values: string[] };

/** A list query after validation: every key and value here has been checked against the catalogue. */
export interface ListQuery {
  /** Words `search_tokens` must contain (the token GIN index). */
  tokens: string[];
  /** LIKE patterns on `search_text` (the trigram GIN index). */
  patterns: string[];
  gameId?: number | undefined;
  /** Every game but this one: the listings after those of a game that the keyword named. */
  otherThanGameId?: number | undefined;
  platform?: Platform | undefined;
  partitionId?: number | undefined;
  priceMin?: number | undefined;
  priceMax?: number | undefined;
  attrs: AttributeCondition[];
  tags: GoodsTag[];
  sellerId?: number | undefined;
  excludeId?: number | undefined;
  /** Only listings with an id up to this one: later inserts do not shift the pages. */
  snapshotId: number;
}

/** The sort key of each order (and whether it ascends), with the id as tie-break. */
const sortKeys: Record<GoodsSort, { column: string; cast: string; ascending: boolean }> = {
  default: { column: 'g.rank_score', cast: 'int', ascending: false },
  newest: { column: 'g.listed_at', cast: 'timestamptz', ascending: false },
  price_asc: { column: 'g.price', cast: 'bigint', ascending: true },
  price_desc: { column: 'g.price', cast: 'bigint', ascending: false },
  hot: { column: 'g.heat', cast: 'int', ascending: false },
};

/** Where a keyset page starts: after the row with this sort key and id. */
export interface KeysetAfter {
  key: number | string;
  id: number;
}

const orders: Record<GoodsSort, string> = {
  default: 'g.rank_score desc nulls last, g.id desc nulls last',
  newest: 'g.listed_at desc nulls last, g.id desc nulls last',
  price_asc: 'g.price asc, g.id asc',
  price_desc: 'g.price desc, g.id desc',
  hot: 'g.heat desc nulls last, g.id desc nulls last',
};

/** A WHERE clause and its parameters, written by hand: the list path is the hottest in the server. */
export interface Where {
  text: string;
  params: unknown[];
}

/**
 * How a query may use the indexes. `plain`: as the planner likes. `walk`: the keyword conditions
 * are hidden from the GIN indexes and from the statistics (an opaque expression counts as half the
 * rows), for a page read in the order of a sort index; the planner estimates a conjunction of common
 * bigrams far too low and would otherwise fetch every match to sort them. `gin`: the other conditions
 * are hidden instead, so that a bounded fetch of the matches starts from the keyword's GIN lookup
 * (which holds the game and platform as tokens) rather than walking a price or sort index.
 */
export type IndexUse = 'plain' | 'walk' | 'gin';

/**
 * The WHERE of an on-sale list. The status is a literal so that the planner proves the partial
 * indexes' predicate even for a generic plan of the prepared statement.
 */
export function whereOf(query: ListQuery, use: IndexUse = 'plain'): Where {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const keyword: string[] = [];
  // The game and platform are tokens too, so that the GIN index alone finds a keyword within them,
  // and a platform within a game (in `gin` use even without a keyword: pc listings of a mobile game).
  const scope = [
    ...(query.gameId === undefined ? [] : [`g:${query.gameId}`]),
    ...(query.platform === undefined ? [] : [`p:${query.platform}`]),
  ];
  if (query.tokens.length > 0 || (use === 'gin' && query.platform !== undefined))
    keyword.push(`g.search_tokens @> ${p([...query.tokens, ...scope])}::text[]`);
  for (const pattern of query.patterns) keyword.push(`g.search_text like ${p(pattern)}`);
  const other = [`g.id <= ${p(query.snapshotId)}`];
  if (query.gameId !== undefined) other.push(`g.game_id = ${p(query.gameId)}`);
  if (query.otherThanGameId !== undefined) other.push(`g.game_id <> ${p(query.otherThanGameId)}`);
  if (query.platform !== undefined) other.push(`g.platform = ${p(query.platform)}`);
  if (query.partitionId !== undefined) other.push(`g.partition_id = ${p(query.partitionId)}`);
  if (query.sellerId !== undefined) other.push(`g.seller_id = ${p(query.sellerId)}`);
  if (query.excludeId !== undefined) other.push(`g.id <> ${p(query.excludeId)}`);
  if (query.priceMin !== undefined) other.push(`g.price >= ${p(query.priceMin)}`);
  if (query.priceMax !== undefined) other.push(`g.price <= ${p(query.priceMax)}`);
  if (query.tags.length > 0) other.push(`g.tags @> ${p(query.tags)}::text[]`);
  for (const condition of query.attrs) {
    const key = p(condition.key);
    if (condition.kind === 'int') {
      other.push(`jsonb_typeof(g.attrs -> ${key}) = 'number'`);
      if (condition.min !== undefined) other.push(`(g.attrs ->> ${key})::numeric >= ${p(condition.min)}`);
      if (condition.max !== undefined) other.push(`(g.attrs ->> ${key})::numeric <= ${p(condition.max)}`);
    } else if (condition.kind === 'enum') {
      other.push(`g.attrs ->> ${key} = any(${p(condition.values)}::text[])`);
    } else {
      other.push(`g.attrs -> ${key} ?| ${p(condition.values)}::text[]`);
    }
  }
  const hide = (conditions: string[]) => [`coalesce(${conditions.join(' and ')}, false)`];
  const parts = [
    "g.status = 'on_sale'",
    ...(use === 'gin' && keyword.length > 0 ? hide(other) : other),
    ...(use === 'walk' && keyword.length > 0 ? hide(keyword) : keyword),
  ];
  return { text: parts.join(' and '), params };
}

/** Named prepared statements: PostgreSQL parses and plans each distinct list query once per connection. */
const statementName = (text: string) => `goods_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
const run = <T>(executor: Executor, text: string, params: unknown[]) =>
  preparedRows<T>(executor, statementName(text), text, params);

/**
 * An unnamed statement, planned for its values every time: a prepared statement switches to a generic
 * plan after five runs, which cannot tell a keyword with no match from one with ten thousand.
 */
async function runPlanned<T>(executor: Executor, text: string, params: unknown[]): Promise<T[]> {
  const statement = executor._.session.prepareQuery({ sql: text, params }, undefined, undefined, false);
  return ((await statement.execute()) as { rows: T[] }).rows;
}

export interface RawCard {
  id: number | string;
  title: string;
  game_id: number;
  platform: Platform;
  partition_id: number;
  price: number | string;
  original_price: number | string | null;
  cover: string | null;
  tags: GoodsTag[];
  highlights: string[];
  views: number;
  favourites: number;
  listed_at: Date | string | null;
  seller_id: number | string;
  store_name: string;
  description: string;
  sort_key: number | string | Date | null;
}

// node-postgres answers bigint as text; PGlite as a number.
export const cardRowOf = (raw: RawCard) => ({
  id: Number(raw.id),
  title: raw.title,
  gameId: raw.game_id,
  platform: raw.platform,
  partitionId: raw.partition_id,
  price: Number(raw.price),
  originalPrice: raw.original_price === null ? null : Number(raw.original_price),
  cover: raw.cover,
  tags: raw.tags,
  highlights: raw.highlights,
  views: raw.views,
  favourites: raw.favourites,
  listedAt: raw.listed_at === null ? null : new Date(raw.listed_at),
  sellerId: Number(raw.seller_id),
  storeName: raw.store_name,
  description: raw.description,
  /** The value of the sort column, for a keyset cursor (an ISO time for 最新). */
  sortKey:
    raw.sort_key instanceof Date
      ? raw.sort_key.toISOString()
      : typeof raw.sort_key === 'string' && !/^-?\d+$/.test(raw.sort_key)
        ? new Date(raw.sort_key).toISOString()
        : Number(raw.sort_key ?? 0),
});

export interface ListOptions {
  sort: GoodsSort;
  limit: number;
  offset: number;
  withDescription: boolean;
  after?: KeysetAfter | undefined;
  /**
   * Fetch the matches through the indexes that filter (GIN, game…), at most this many, then sort
   * them: right when the matches are few. Without it the rows are read in the order of a sort index
   * until the page is full, which is right when matches are many but reads a whole game when they
   * are none.
   */
  fetchMatchesUpTo?: number | undefined;
  /** Plan for these values (runPlanned) rather than reuse a prepared statement. */
  planned?: boolean | undefined;
}

/**
 * A page of cards. With `fetchMatchesUpTo`, also the number of matches (after the keyset bound);
 * when there are more, `overflow` and no rows: read the page by walking instead.
 */
export async function listCards(executor: Executor, where: Where, options: ListOptions) {
  const { sort, limit, offset, withDescription, after } = options;
  const params = [...where.params];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const { column, cast, ascending } = sortKeys[sort];
  const keyset = after
    ? ` and (${column}, g.id) ${ascending ? '>' : '<'} (${p(after.key)}::${cast}, ${p(after.id)}::bigint)`
    : '';
  const matching: Where = { text: `${where.text}${keyset}`, params: [...params] };
  const columns = `g.id, g.title, g.game_id, g.platform, g.partition_id, g.price, g.original_price, g.screenshots[1] as cover,
    g.tags, g.highlights, g.views, g.favourites, g.listed_at, g.seller_id,
    ${withDescription ? 'g.description' : "''"} as description, ${column} as sort_key`;
  const tail = `order by ${orders[sort]} limit ${p(limit)} offset ${p(offset)}`;
  const bound = options.fetchMatchesUpTo;
  // The inner LIMIT keeps the planner from walking a sort index, and bounds the rows it reads.
  const text = bound
    ? `select g.*, coalesce(s.name, '') as store_name, count(*) over () as matches from (
        select ${columns}, g.rank_score, g.heat from goods g where ${where.text}${keyset} limit ${p(bound + 1)}) g
      left join stores s on s.user_id = g.seller_id ${tail}`
    : `select ${columns}, coalesce(s.name, '') as store_name, null as matches
      from goods g left join stores s on s.user_id = g.seller_id where ${where.text}${keyset} ${tail}`;
  const raw = await (options.planned ? runPlanned : run)<RawCard & { matches: number | string | null }>(
    executor,
    text,
    params,
  );
  if (!bound) return { rows: raw.map(cardRowOf), matches: undefined, overflow: false };
  // An empty page past the end does not say how many matched: count them the same way.
  const matches = raw[0]
    ? Number(raw[0].matches)
    : offset === 0
      ? 0
      : await countGoods(executor, matching, bound + 1);
  if (matches > bound) return { rows: [], matches: undefined, overflow: true };
  return { rows: raw.map(cardRowOf), matches, overflow: false };
}

export type CardRow = Omit<Awaited<ReturnType<typeof listCards>>['rows'][number], 'description' | 'sortKey'>;

/** The number of matches, counting no further than `cap`. */
export async function countGoods(executor: Executor, where: Where, cap: number): Promise<number> {
  const params = [...where.params, cap];
  const [row] = await runPlanned<{ n: number | string }>(
    executor,
    `select count(*) as n from (select 1 from goods g where ${where.text} limit $${params.length}) matches`,
    params,
  );
  return Number(row?.n ?? 0);
}

/**
 * The planner's estimate of the matches, from the column statistics (a fraction of a millisecond,
 * where a count of ten thousand keyword matches reads ten thousand rows).
 */
export async function estimateGoods(executor: Executor, where: Where): Promise<number> {
  const [row] = await runPlanned<{ 'QUERY PLAN': unknown }>(
    executor,
    `explain (format json) select 1 from goods g where ${where.text}`,
    where.params,
  );
  const plan = row?.['QUERY PLAN'];
  const parsed: unknown = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const estimate = Array.isArray(parsed)
    ? (parsed[0] as { Plan?: { 'Plan Rows'?: number } }).Plan?.['Plan Rows']
    : undefined;
  return Math.round(estimate ?? 0);
}

export async function maxGoodsId(executor: Executor): Promise<number> {
  const [row] = await run<{ n: number | string | null }>(executor, 'select max(id) as n from goods', []);
  return Number(row?.n ?? 0);
}

export const cardColumns = {
  id: goods.id,
  title: goods.title,
  gameId: goods.gameId,
  platform: goods.platform,
  partitionId: goods.partitionId,
  price: goods.price,
  originalPrice: goods.originalPrice,
  cover: sql<string | null>`${goods.screenshots}[1]`,
  tags: goods.tags,
  highlights: goods.highlights,
  views: goods.views,
  favourites: goods.favourites,
  listedAt: goods.listedAt,
  sellerId: goods.sellerId,
  storeName: sql<string>`coalesce(${stores.name}, '')`,
};

type CardWithStatus = Awaited<ReturnType<typeof cardsByIds>>[number];

/** Cards of any status, in the order of `ids`. */
export async function cardsByIds(executor: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await executor
    .select({ ...cardColumns, status: goods.status })
    .from(goods)
    .leftJoin(stores, eq(stores.userId, goods.sellerId))
    .where(inArray(goods.id, [...ids]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * The card and status of listings by id, read for the orders placed together (one turn of the event
 * loop) by one named prepared statement on `db`, built once. A listing gone is left out.
 */
export function batchedCardById(db: Database) {
  const cards = db
    .select({ ...cardColumns, status: goods.status })
    .from(goods)
    .leftJoin(stores, eq(stores.userId, goods.sellerId))
    .where(sql`${goods.id} = any(${sql.placeholder('ids')}::bigint[])`)
    .prepare('goods_cards_by_ids');
  return createTurnBatcher<number, CardWithStatus>(async (ids) => {
    // 0 is no listing's id: the padding keeps PostgreSQL's plan (lib/turn-batch.ts).
    const rows = await cards.execute({ ids: paddedForPlan(ids, 0) });
    return new Map(rows.map((row) => [row.id, row]));
  });
}

export async function goodsRow(executor: Executor, id: number, lock = false) {
  const query = executor.select().from(goods).where(eq(goods.id, id));
  return (lock ? await query.for('update') : await query)[0];
}
export type GoodsRow = typeof goods.$inferSelect;

export async function gameIdOf(executor: Executor, id: number): Promise<number | undefined> {
  const [row] = await executor.select({ gameId: goods.gameId }).from(goods).where(eq(goods.id, id));
  return row?.gameId;
}

/** On-sale count and average price per game (the game ranking). */
export async function onSaleStatsByGame(
  executor: Executor,
): Promise<Map<number, { count: number; avgPrice: number }>> {
  const rows = await executor
    .select({
      gameId: goods.gameId,
      value: count(),
      avg: sql<string>`coalesce(avg(${goods.price}), 0)::bigint`,
    })
    .from(goods)
    .where(sql`${goods.status} = 'on_sale'`)
    .groupBy(goods.gameId);
  return new Map(rows.map((row) => [row.gameId, { count: row.value, avgPrice: Number(row.avg) }]));
}
