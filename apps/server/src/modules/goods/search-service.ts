import type { z } from 'zod';
import {
  ErrorCodes,
  goodsFilterRequestSchema,
  goodsSortLabels,
  goodsSorts,
  goodsTagLabels,
  goodsTags,
  platformLabels,
  platforms,
  type GoodsCard,
  type GoodsList,
  type ListHeader,
  type SearchHit,
} from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { CatalogueGameEntry, CatalogueService } from '../catalogue/index.ts';
import {
  countGoods,
  gameIdOf,
  listCards,
  maxGoodsId,
  whereOf,
  type AttributeCondition,
  type ListQuery,
} from './goods-repo.ts';
import { toCard, type ImageUrl } from './goods-cards.ts';
import { highlightRanges, keywordQuery, snippetOf } from './search-text.ts';
import type { ResultCache } from '../../lib/result-cache.ts';

export type FilterRequest = z.output<typeof goodsFilterRequestSchema>;

export interface SearchService {
  filter(request: FilterRequest): Promise<GoodsList>;
  /** The whole success envelope of `filter`, serialised once per cache entry. */
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
}

const priceRanges = [
  { label: '100元以下', min: null, max: '100.00' },
  { label: '100-500元', min: '100.00', max: '500.00' },
  { label: '500-1000元', min: '500.00', max: '1000.00' },
  { label: '1000-5000元', min: '1000.00', max: '5000.00' },
  { label: '5000元以上', min: '5000.00', max: null },
];

const problem = (field: string, message: string) =>
  new AppError(ErrorCodes.VALIDATION_FAILED, `${message}（${field}）`, { field });

/** Attribute filters are checked against the game's schema: only its filterable fields, typed. */
function attributeConditions(
  request: FilterRequest,
  entry: CatalogueGameEntry | undefined,
): AttributeCondition[] {
  const filters = request.attrs ?? [];
  if (filters.length === 0) return [];
  if (!entry) throw problem('attrs', '按属性筛选需先选择游戏');
  return filters.map((filter, index) => {
    const field = entry.schema.fields.find(
      (candidate) => candidate.key === filter.key && candidate.filterable,
    );
    if (!field) throw problem(`attrs.${index}.key`, '该游戏没有这个筛选项');
    if (field.type === 'int') {
      if (filter.min === undefined && filter.max === undefined)
        throw problem(`attrs.${index}.min`, '请填写范围');
      return { key: field.key, kind: 'int', min: filter.min, max: filter.max };
    }
    if (field.type === 'enum' || field.type === 'multi') {
      const values = filter.values ?? [];
      if (
        values.length === 0 ||
        !values.every((value) => field.options.some((option) => option.value === value))
      ) {
        throw problem(`attrs.${index}.values`, '请选择有效的选项');
      }
      return { key: field.key, kind: field.type, values };
    }
    throw problem(`attrs.${index}.key`, '该属性不能筛选');
  });
}

/**
 * `cache` holds rows and answers for a few seconds; `counts` holds totals longer, keyed without the
 * snapshot bound: a broad keyword's count rechecks thousands of rows, while its first page reads twenty.
 */
export function createSearchService(options: {
  db: Database;
  catalogue: CatalogueService;
  imageUrl: ImageUrl;
  cache: ResultCache;
  counts: ResultCache;
}): SearchService {
  const { db, catalogue, imageUrl, cache, counts } = options;
  const countOf = (query: ListQuery, where: ReturnType<typeof whereOf>) =>
    counts.get(`count:${JSON.stringify({ ...query, snapshotId: undefined })}`, () => countGoods(db, where));

  const snapshot = () => cache.get('max-id', () => maxGoodsId(db));

  async function resolve(request: FilterRequest): Promise<{ query: ListQuery; runs: string[] }> {
    const entry = request.game_id === undefined ? undefined : await catalogue.findEntry(request.game_id);
    if (request.game_id !== undefined && !entry) throw new AppError(ErrorCodes.GAME_NOT_FOUND);
    if (request.partition_id !== undefined) {
      const partition = (await catalogue.lookup()).partitions.get(request.partition_id);
      if (!partition || (request.game_id !== undefined && partition.game_id !== request.game_id))
        throw problem('partition_id', '区服不存在');
    }
    if (
      request.price_min !== undefined &&
      request.price_max !== undefined &&
      request.price_min > request.price_max
    ) {
      throw problem('price_max', '最高价不能低于最低价');
    }
    const keyword = keywordQuery(request.keyword ?? '');
    return {
      runs: keyword.runs,
      query: {
        patterns: keyword.patterns,
        gameId: request.game_id,
        platform: request.platform,
        partitionId: request.partition_id,
        priceMin: request.price_min,
        priceMax: request.price_max,
        attrs: attributeConditions(request, entry),
        tags: [...new Set(request.tags ?? [])].sort(),
        sellerId: request.seller_id,
        snapshotId: request.snapshot_id ?? (await snapshot()),
      },
    };
  }

  async function filter(request: FilterRequest): Promise<GoodsList> {
    const { query, runs } = await resolve(request);
    const where = whereOf(query);
    const { page, page_size, sort } = request;
    // Not cached here: filterJson caches the whole answer, and a second stale layer beneath it would
    // make a refreshed answer out of stale rows.
    const [rows, total, lookup] = await Promise.all([
      listCards(db, where, sort, page_size, (page - 1) * page_size, runs.length > 0),
      countOf(query, where),
      catalogue.lookup(),
    ]);
    const list = rows.map((row): SearchHit => {
      const card = toCard(row, lookup, imageUrl);
      if (runs.length === 0) return { ...card, title_marks: [], snippet: '', snippet_marks: [] };
      const { snippet, marks } = snippetOf(row.description, runs);
      return { ...card, title_marks: highlightRanges(row.title, runs), snippet, snippet_marks: marks };
    });
    return { list, total, page, page_size, snapshot_id: query.snapshotId };
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
      on_sale_count: counted.total,
    };
  }

  const cardPage = async (query: ListQuery, page: number, pageSize: number) => {
    const where = whereOf(query);
    const key = JSON.stringify([query, page, pageSize]);
    const [rows, total, lookup] = await Promise.all([
      cache.get(`rows:${key}`, () => listCards(db, where, 'default', pageSize, (page - 1) * pageSize, false)),
      countOf(query, where),
      catalogue.lookup(),
    ]);
    return { list: rows.map((row) => toCard(row, lookup, imageUrl)), total, page, page_size: pageSize };
  };

  const baseQuery = async (): Promise<ListQuery> => ({
    patterns: [],
    attrs: [],
    tags: [],
    snapshotId: await snapshot(),
  });

  return {
    filter,
    filterJson: (request) =>
      cache.get(`json:${JSON.stringify(request)}`, async () =>
        JSON.stringify({ err_code: 0, data: await filter(request) }),
      ),

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
        cache.get(`hot:${gameId ?? 0}:${limit}`, () => listCards(db, whereOf(query), 'hot', limit, 0, false)),
        catalogue.lookup(),
      ]);
      return rows.map((row) => toCard(row, lookup, imageUrl));
    },
  };
}
