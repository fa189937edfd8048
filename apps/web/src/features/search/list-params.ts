import type { AttributeFilter, GoodsFilterRequest, GoodsSort, GoodsTag, Platform } from '@haoshi/contracts';
import { validAmount } from '@/core/amount';

/** What a list screen shows, as its address holds it: back/forward and kept-alive panes agree. */
export interface ListFilters {
  keyword?: string;
  game_id?: number;
  partition_id?: number;
  platform?: Platform;
  /** One store's listings (a seller's user id). */
  seller_id?: number;
  /** Yuan, canonical "12.50" (the wire's amount strings; the server turns them into fen). */
  price_min?: string;
  price_max?: string;
  sort: GoodsSort;
  tags: GoodsTag[];
  attrs: AttributeFilter[];
}

const SORTS: readonly GoodsSort[] = ['default', 'newest', 'price_asc', 'price_desc', 'hot'];
const TAGS: readonly GoodsTag[] = ['bargain', 'urgent', 'guarantee', 'rebind', 'official_shots'];
const PLATFORMS: readonly Platform[] = ['ios', 'android', 'pc'];
/** Attribute filters travel as attr.<key>=10~50 (a range) or attr.<key>=a,b (choices). */
const ATTR_PREFIX = 'attr.';
const RANGE = /^(-?\d{0,9})~(-?\d{0,9})$/;
const ATTR_KEY = /^[A-Za-z0-9_]{1,40}$/;

export const emptyFilters: ListFilters = { sort: 'default', tags: [], attrs: [] };

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d{1,9}$/.test(text)) return undefined;
  const value = Number(text);
  return value > 0 ? value : undefined;
}

function oneOf<T extends string>(allowed: readonly T[], text: string | null): T | undefined {
  return allowed.find((candidate) => candidate === text);
}

function parseAttr(key: string, raw: string): AttributeFilter | undefined {
  if (!ATTR_KEY.test(key)) return undefined;
  const range = RANGE.exec(raw);
  if (range) {
    const min = range[1] ? Number(range[1]) : undefined;
    const max = range[2] ? Number(range[2]) : undefined;
    if (min === undefined && max === undefined) return undefined;
    return { key, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  }
  const values = raw
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  return values.length > 0 ? { key, values: [...new Set(values)] } : undefined;
}

/** Reads the filters from an address; anything malformed is dropped rather than sent. */
export function parseListParams(params: URLSearchParams): ListFilters {
  const keyword = params.get('keyword')?.trim() ?? '';
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((tag) => oneOf(TAGS, tag))
    .filter((tag): tag is GoodsTag => tag !== undefined);
  const attrs: AttributeFilter[] = [];
  for (const [name, value] of params) {
    if (!name.startsWith(ATTR_PREFIX)) continue;
    const attr = parseAttr(name.slice(ATTR_PREFIX.length), value);
    if (attr && !attrs.some((known) => known.key === attr.key)) attrs.push(attr);
  }
  const filters: ListFilters = {
    sort: oneOf(SORTS, params.get('sort')) ?? 'default',
    tags: [...new Set(tags)],
    attrs,
  };
  if (keyword !== '') filters.keyword = keyword;
  const gameId = positiveInt(params.get('game_id'));
  if (gameId !== undefined) filters.game_id = gameId;
  const partitionId = positiveInt(params.get('partition_id'));
  if (partitionId !== undefined && gameId !== undefined) filters.partition_id = partitionId;
  const platform = oneOf(PLATFORMS, params.get('platform'));
  if (platform) filters.platform = platform;
  const sellerId = positiveInt(params.get('seller_id'));
  if (sellerId !== undefined) filters.seller_id = sellerId;
  const priceMin = validAmount(params.get('price_min'));
  if (priceMin) filters.price_min = priceMin;
  const priceMax = validAmount(params.get('price_max'));
  if (priceMax) filters.price_max = priceMax;
  // Attribute ranges belong to one game's schema.
  if (gameId === undefined) filters.attrs = [];
  return filters;
}

function attrValue(attr: AttributeFilter): string {
  if (attr.values) return attr.values.join(',');
  return `${attr.min ?? ''}~${attr.max ?? ''}`;
}

/** The address form of the filters, in a fixed order so equal filters give equal addresses. */
export function toListParams(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.keyword) params.set('keyword', filters.keyword);
  if (filters.game_id !== undefined) params.set('game_id', String(filters.game_id));
  if (filters.partition_id !== undefined) params.set('partition_id', String(filters.partition_id));
  if (filters.platform) params.set('platform', filters.platform);
  if (filters.seller_id !== undefined) params.set('seller_id', String(filters.seller_id));
  if (filters.price_min) params.set('price_min', filters.price_min);
  if (filters.price_max) params.set('price_max', filters.price_max);
  if (filters.sort !== 'default') params.set('sort', filters.sort);
  if (filters.tags.length > 0) params.set('tags', [...filters.tags].sort().join(','));
  for (const attr of [...filters.attrs].sort((a, b) => a.key.localeCompare(b.key)))
    params.set(`${ATTR_PREFIX}${attr.key}`, attrValue(attr));
  return params;
}

/** The request body of POST /app/goods/list/filter for one page. */
export function toFilterRequest(
  filters: ListFilters,
  page: number,
  pageSize: number,
  snapshotId?: number,
): GoodsFilterRequest {
  const request: GoodsFilterRequest = { page, page_size: pageSize, sort: filters.sort };
  if (filters.keyword) request.keyword = filters.keyword;
  if (filters.game_id !== undefined) request.game_id = filters.game_id;
  if (filters.partition_id !== undefined) request.partition_id = filters.partition_id;
  if (filters.platform) request.platform = filters.platform;
  if (filters.seller_id !== undefined) request.seller_id = filters.seller_id;
  let [min, max] = [filters.price_min, filters.price_max];
  if (min && max && Number(min) > Number(max)) [min, max] = [max, min];
  if (min) request.price_min = min;
  if (max) request.price_max = max;
  if (filters.tags.length > 0) request.tags = filters.tags;
  if (filters.attrs.length > 0) request.attrs = filters.attrs;
  if (snapshotId !== undefined) request.snapshot_id = snapshotId;
  return request;
}

/** How many drawer filters are set (keyword and sort are not drawer filters). */
export function activeFilterCount(filters: ListFilters, lockedGameId?: number): number {
  let count = filters.tags.length + filters.attrs.length;
  if (filters.game_id !== undefined && filters.game_id !== lockedGameId) count += 1;
  if (filters.partition_id !== undefined) count += 1;
  if (filters.platform) count += 1;
  if (filters.price_min || filters.price_max) count += 1;
  return count;
}

/** Keeps the keyword, the sort, the store and (on a game's own list) the game; drops the rest. */
export function clearedFilters(filters: ListFilters, keepGame: boolean): ListFilters {
  const cleared: ListFilters = { ...emptyFilters, sort: filters.sort };
  if (filters.keyword) cleared.keyword = filters.keyword;
  if (filters.seller_id !== undefined) cleared.seller_id = filters.seller_id;
  if (keepGame && filters.game_id !== undefined) cleared.game_id = filters.game_id;
  return cleared;
}
