import { ErrorCodes, type goodsFilterRequestSchema } from '@haoshi/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import type { CatalogueGameEntry, CatalogueService } from '../catalogue/index.ts';
import type { AttributeCondition, ListQuery } from './goods-repo.ts';
import { resolveKeyword, type SearchAlias } from './search-aliases.ts';
import { keywordQuery } from './search-text.ts';

/** A list request read into the queries the index (or SQL) answers: checked, aliases expanded. */

export type FilterRequest = z.output<typeof goodsFilterRequestSchema>;

export const problem = (field: string, message: string) =>
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

export interface Resolved {
  /** One query, or two when the keyword names a game: that game's listings, then the others. */
  segments: ListQuery[];
  /** All matches (the union of the segments), for the total. */
  all: ListQuery;
  runs: string[];
  keywordGameId: number | null;
}

/** Resolves requests against the catalogue and the alias table (loaded by `aliases`). */
export function createSearchResolver(options: {
  catalogue: CatalogueService;
  aliases: () => Promise<ReadonlyMap<string, SearchAlias>>;
}) {
  const { catalogue, aliases } = options;
  return async function resolve(request: FilterRequest, newest: () => Promise<number>): Promise<Resolved> {
    const entry = request.game_id === undefined ? undefined : await catalogue.findEntry(request.game_id);
    if (request.game_id !== undefined && !entry) throw new AppError(ErrorCodes.GAME_NOT_FOUND);
    const lookup = await catalogue.lookup();
    if (request.partition_id !== undefined) {
      const partition = lookup.partitions.get(request.partition_id);
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
    const keyword = request.keyword
      ? resolveKeyword(request.keyword, await aliases(), lookup.games)
      : { runs: [], gameId: undefined, impliedRuns: [] };
    const base = {
      gameId: request.game_id,
      platform: request.platform,
      partitionId: request.partition_id,
      priceMin: request.price_min,
      priceMax: request.price_max,
      attrs: attributeConditions(request, entry),
      tags: [...new Set(request.tags ?? [])].sort(),
      sellerId: request.seller_id,
      snapshotId: request.snapshot_id ?? (await newest()),
    };
    const all: ListQuery = { ...base, ...keywordQuery(keyword.runs) };
    const inGame = (gameId: number): ListQuery => ({
      ...base,
      gameId,
      ...keywordQuery(keyword.runs.filter((run) => !keyword.impliedRuns.includes(run))),
    });
    const named = keyword.gameId;
    if (named !== undefined && request.game_id === undefined) {
      return {
        segments: [inGame(named), { ...all, otherThanGameId: named }],
        all,
        runs: keyword.runs,
        keywordGameId: named,
      };
    }
    const only = named !== undefined && named === request.game_id ? inGame(named) : all;
    return { segments: [only], all: only, runs: keyword.runs, keywordGameId: null };
  };
}
