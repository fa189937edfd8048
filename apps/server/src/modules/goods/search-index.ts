import type { GoodsSort } from '@haoshi/contracts';
import type { AttributeCondition, ListQuery } from './goods-repo.ts';

/** What the index holds of one on-sale listing: everything a list query filters and sorts by. */
export interface IndexedListing {
  id: number;
  gameId: number;
  platform: string;
  partitionId: number;
  price: number;
  rankScore: number;
  /** Milliseconds since the epoch; null sorts last under 最新. */
  listedAt: number | null;
  heat: number;
  tags: readonly string[];
  sellerId: number;
  attrs: Readonly<Record<string, unknown>>;
  /** ` w1 w2 … `, as stored: LIKE patterns are checked on it. */
  searchText: string;
}

/** The words of an attribute value as the two kinds of choice filter read it (`->>` and `?|`). */
function attributeTokens(key: string, value: unknown): string[] {
  if (typeof value === 'string') return [`e:${key}=${value}`, `m:${key}=${value}`];
  if (typeof value === 'number' || typeof value === 'boolean') return [`e:${key}=${String(value)}`];
  if (Array.isArray(value))
    return value.flatMap((item) => (typeof item === 'string' ? [`m:${key}=${item}`] : []));
  if (value !== null && typeof value === 'object')
    return Object.keys(value).map((item) => `m:${key}=${item}`);
  return [];
}

/**
 * The tokens a listing is found by: `search_tokens` as the generated column builds it (the words of
 * the text, `g:<game>`, `p:<platform>`), plus `t:<tag>` and the choice attribute values, so that
 * tag and choice filters are posting lists too.
 */
export const tokensOf = (doc: IndexedListing): string[] => [
  ...new Set([
    ...doc.searchText.split(' ').filter((word) => word !== ''),
    `g:${doc.gameId}`,
    `p:${doc.platform}`,
    ...doc.tags.map((tag) => `t:${tag}`),
    ...Object.entries(doc.attrs).flatMap(([key, value]) => attributeTokens(key, value)),
  ]),
];

const sameTokens = (a: IndexedListing, b: IndexedListing) =>
  tokensOf(a).join('\n') === tokensOf(b).join('\n');

/** A growable sorted list of slots (ascending: new slots are always appended at the end). */
class Posting {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(capacity, 1));
  }
  push(slot: number) {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = slot;
  }
  view() {
    return this.data.subarray(0, this.length);
  }
}

type SortKey = number;
const keyOf = (sort: GoodsSort, doc: IndexedListing): SortKey => {
  if (sort === 'default') return doc.rankScore;
  if (sort === 'newest') return doc.listedAt ?? Number.NEGATIVE_INFINITY;
  if (sort === 'hot') return doc.heat;
  return doc.price;
};

/** Negative when (a key, a id) comes first in the sort's order; the id breaks ties the same way. */
function compareKeys(sort: GoodsSort, keyA: SortKey, idA: number, keyB: SortKey, idB: number): number {
  const sign = sort === 'price_asc' ? 1 : -1;
  if (keyA !== keyB) return keyA < keyB ? -sign : sign;
  if (idA !== idB) return idA < idB ? -sign : sign;
  return 0;
}
const compareDocs = (sort: GoodsSort, a: IndexedListing, b: IndexedListing) =>
  compareKeys(sort, keyOf(sort, a), a.id, keyOf(sort, b), b.id);

/** The value a keyset cursor carries for a row: an ISO time for 最新, else the number. */
export function cursorKeyOf(sort: GoodsSort, doc: IndexedListing): number | string {
  if (sort !== 'newest') return keyOf(sort, doc);
  return new Date(doc.listedAt ?? 0).toISOString();
}

/** Where a page starts: after a cursor row, or after skipping `offset` matches. */
export type PageStart = { after: { key: number | string; id: number } } | { offset: number };

/**
 * Where a page of a search starts: after a keyset cursor's row (in its segment), or after skipping
 * `offset` matches across the segments.
 */
export type SearchStart =
  { cursor: { segment: number; key: number | string; id: number } } | { offset: number };

export interface SearchHits {
  hits: { segment: number; doc: IndexedListing }[];
  /** All matches of the segments. */
  matches: number;
}

/** A sorted page of matches walks a sort order once the matches are more than this. */
const SORT_MATCHES_UP_TO = 1_000;
const DERIVED_SLOTS = 1_000_000;
/** Above this share of dead slots the index is worth rebuilding. */
const DEAD_SHARE = 0.25;

function intersect(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let length = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[length++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, length);
}

function attributeMatches(attrs: Readonly<Record<string, unknown>>, condition: AttributeCondition): boolean {
  const value = attrs[condition.key];
  if (condition.kind === 'int') {
    if (typeof value !== 'number') return false;
    return (
      (condition.min === undefined || value >= condition.min) &&
      (condition.max === undefined || value <= condition.max)
    );
  }
  // `->>` reads a scalar as text; `?|` is true for an array element, a string or an object key.
  if (condition.kind === 'enum')
    return (
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
      condition.values.includes(String(value))
    );
  if (typeof value === 'string') return condition.values.includes(value);
  if (Array.isArray(value))
    return value.some((item) => typeof item === 'string' && condition.values.includes(item));
  if (value !== null && typeof value === 'object') return condition.values.some((key) => key in value);
  return false;
}

/**
 * An in-memory inverted index over the on-sale listings: one posting list of slots per token, the
 * listings by slot, and one order of the live slots per sort. A changed listing whose tokens changed
 * moves to a new slot at the end (its old slot is dead); otherwise it is replaced in place.
 */
export class SearchIndex {
  private readonly docs: (IndexedListing | undefined)[] = [];
  /**
   * The fields most queries test, by slot, in packed arrays: a scan of tens of thousands of
   * candidates reads these instead of chasing one object per listing. `ids` is 0 for a dead slot.
   */
  private readonly ids: number[] = [];
  private readonly games: number[] = [];
  private readonly partitions: number[] = [];
  private readonly prices: number[] = [];
  private readonly sellers: number[] = [];
  private readonly slotOf = new Map<number, number>();
  private readonly postings = new Map<string, Posting>();
  private vocabulary: string[] | undefined;
  /** Slots of the word prefixes and word orders asked lately; emptied when a slot is added. */
  private readonly derived = new Map<string, number[]>();
  private derivedSlots = 0;
  private marks = new Uint8Array(0);
  private readonly orders = new Map<GoodsSort, Int32Array>();
  private dead = 0;
  /** The highest listing id seen, of any status: the default snapshot. */
  maxId = 0;

  /**
   * Builds an index in steps of a few thousand listings, yielding to the event loop between them, so
   * that a server building its index keeps answering (from SQL) meanwhile.
   */
  static async build(listings: readonly IndexedListing[], maxId: number): Promise<SearchIndex> {
    const index = new SearchIndex();
    const step = 5_000;
    const yieldNow = () => new Promise<void>((resolve) => setImmediate(resolve));
    const tokens: string[][] = [];
    const counts = new Map<string, number>();
    for (let start = 0; start < listings.length; start += step) {
      for (const doc of listings.slice(start, start + step)) {
        const words = tokensOf(doc);
        tokens.push(words);
        for (const token of words) counts.set(token, (counts.get(token) ?? 0) + 1);
      }
      await yieldNow();
    }
    for (const [token, count] of counts) index.postings.set(token, new Posting(count));
    for (let start = 0; start < listings.length; start += step) {
      for (let at = start; at < Math.min(start + step, listings.length); at++)
        index.append(listings[at] as IndexedListing, tokens[at]);
      await yieldNow();
    }
    index.maxId = maxId;
    return index;
  }

  get size() {
    return this.slotOf.size;
  }

  /** Many dead slots: a fresh build would be smaller and faster. */
  get wantsRebuild() {
    return this.dead > 1_000 && this.dead > this.docs.length * DEAD_SHARE;
  }

  private append(doc: IndexedListing, tokens = tokensOf(doc)) {
    const slot = this.docs.length;
    this.docs.push(doc);
    this.setColumns(slot, doc);
    this.slotOf.set(doc.id, slot);
    this.clearDerived();
    for (const token of tokens) {
      let posting = this.postings.get(token);
      if (!posting) {
        posting = new Posting(4);
        this.postings.set(token, posting);
        this.vocabulary = undefined;
      }
      posting.push(slot);
    }
  }

  private setColumns(slot: number, doc: IndexedListing | undefined) {
    this.ids[slot] = doc?.id ?? 0;
    this.games[slot] = doc?.gameId ?? 0;
    this.partitions[slot] = doc?.partitionId ?? 0;
    this.prices[slot] = doc?.price ?? 0;
    this.sellers[slot] = doc?.sellerId ?? 0;
  }

  /** Applies a listing as read now: indexed if on sale, dropped otherwise. */
  apply(id: number, doc: IndexedListing | undefined) {
    this.maxId = Math.max(this.maxId, id);
    const slot = this.slotOf.get(id);
    const old = slot === undefined ? undefined : this.docs[slot];
    if (slot !== undefined && old && doc && sameTokens(old, doc)) {
      this.docs[slot] = doc;
      this.setColumns(slot, doc);
      const moved =
        old.rankScore !== doc.rankScore ||
        old.listedAt !== doc.listedAt ||
        old.price !== doc.price ||
        old.heat !== doc.heat;
      if (moved) this.orders.clear();
    } else {
      if (slot !== undefined) {
        this.docs[slot] = undefined;
        this.setColumns(slot, undefined);
        this.slotOf.delete(id);
        this.dead++;
      }
      if (doc) this.append(doc);
      this.orders.clear();
    }
  }

  private clearDerived() {
    this.derived.clear();
    this.derivedSlots = 0;
  }

  private list(token: string): ArrayLike<number> {
    return this.postings.get(token)?.view() ?? [];
  }

  /** The listings that match any of the tokens (a choice among values). */
  private anyOf(tokens: readonly string[]): ArrayLike<number> {
    if (tokens.length === 1) return this.list(tokens[0] as string);
    const all = new Int32Array(tokens.reduce((sum, token) => sum + this.list(token).length, 0));
    let at = 0;
    for (const token of tokens) {
      all.set(this.list(token), at);
      at += this.list(token).length;
    }
    all.sort();
    return all.filter((slot, index) => index === 0 || all[index - 1] !== slot);
  }

  private cached(key: string, compute: () => number[]): number[] {
    let slots = this.derived.get(key);
    if (!slots) {
      slots = compute();
      // At most about a million slots (8 MB) cached: then start over.
      if (this.derivedSlots + slots.length > DERIVED_SLOTS) this.clearDerived();
      this.derived.set(key, slots);
      this.derivedSlots += slots.length;
    }
    return slots;
  }

  /** `% w1 w2 %`: the listings whose text holds the words in this order. */
  private phrase(needle: string): number[] {
    return this.cached(needle, () => {
      const words = needle.trim().split(' ');
      const lists = words.map((word) => this.list(word)).sort((a, b) => a.length - b.length);
      let candidates: ArrayLike<number> = lists[0] ?? [];
      for (const list of lists.slice(1)) candidates = intersect(candidates, list);
      const out: number[] = [];
      for (let index = 0; index < candidates.length; index++) {
        const slot = candidates[index] as number;
        if (this.docs[slot]?.searchText.includes(needle)) out.push(slot);
      }
      return out;
    });
  }

  /** The slots (ascending) of the listings that match a query. */
  matches(query: ListQuery): number[] {
    const lists: ArrayLike<number>[] = [];
    const tokens = [
      ...query.tokens,
      ...(query.gameId === undefined ? [] : [`g:${query.gameId}`]),
      ...(query.platform === undefined ? [] : [`p:${query.platform}`]),
      ...query.tags.map((tag) => `t:${tag}`),
    ];
    for (const token of tokens) lists.push(this.list(token));
    const ranges: Extract<AttributeCondition, { kind: 'int' }>[] = [];
    for (const condition of query.attrs) {
      if (condition.kind === 'int') ranges.push(condition);
      else
        lists.push(
          this.anyOf(
            condition.values.map(
              (value) => `${condition.kind === 'enum' ? 'e' : 'm'}:${condition.key}=${value}`,
            ),
          ),
        );
    }
    // `% run%` is a word that starts with the run: exactly the union of the words with that prefix.
    for (const pattern of query.patterns) {
      const needle = pattern.slice(1, -1);
      lists.push(needle.endsWith(' ') ? this.phrase(needle) : this.prefixUnion(needle.slice(1)));
    }
    if (lists.some((list) => list.length === 0)) return [];
    lists.sort((a, b) => a.length - b.length);
    let candidates: ArrayLike<number> | undefined = lists[0];
    for (const list of lists.slice(1)) candidates = intersect(candidates ?? [], list);
    const out: number[] = [];
    const total = candidates ? candidates.length : this.docs.length;
    const { ids, games, partitions, prices, sellers } = this;
    // The game, platform, tags and choices were tokens; a slot replaced in place kept its tokens.
    const snapshot = query.snapshotId;
    const other = query.otherThanGameId ?? -1;
    const partition = query.partitionId ?? -1;
    const seller = query.sellerId ?? -1;
    const excluded = query.excludeId ?? -1;
    const low = query.priceMin ?? Number.NEGATIVE_INFINITY;
    const high = query.priceMax ?? Number.POSITIVE_INFINITY;
    for (let index = 0; index < total; index++) {
      const slot = candidates ? (candidates[index] as number) : index;
      const id = ids[slot] as number;
      if (id === 0 || id > snapshot || id === excluded) continue;
      if (games[slot] === other) continue;
      if (partition !== -1 && partitions[slot] !== partition) continue;
      if (seller !== -1 && sellers[slot] !== seller) continue;
      const price = prices[slot] as number;
      if (price < low || price > high) continue;
      if (ranges.length > 0) {
        const attrs = (this.docs[slot] as IndexedListing).attrs;
        if (!ranges.every((condition) => attributeMatches(attrs, condition))) continue;
      }
      out.push(slot);
    }
    return out;
  }

  private prefixUnion(prefix: string): number[] {
    return this.cached(`prefix ${prefix}`, () => this.prefixUnionOf(prefix));
  }

  private prefixUnionOf(prefix: string): number[] {
    if (!this.vocabulary)
      this.vocabulary = [...this.postings.keys()].filter((token) => !token.includes(':')).sort();
    const words = this.vocabulary;
    let low = 0;
    let high = words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((words[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    const marks = new Uint8Array(this.docs.length);
    let any = false;
    for (let index = low; index < words.length && (words[index] as string).startsWith(prefix); index++) {
      const posting = this.postings.get(words[index] as string);
      if (!posting) continue;
      for (const slot of posting.view()) marks[slot] = 1;
      any = true;
    }
    if (!any) return [];
    const out: number[] = [];
    for (let slot = 0; slot < marks.length; slot++) if (marks[slot]) out.push(slot);
    return out;
  }

  /** The live slots in the sort's order, built again after a change. */
  private order(sort: GoodsSort): Int32Array {
    let order = this.orders.get(sort);
    if (!order) {
      const live: number[] = [];
      for (let slot = 0; slot < this.docs.length; slot++) if (this.docs[slot]) live.push(slot);
      const docs = this.docs as IndexedListing[];
      order = Int32Array.from(live).sort((a, b) =>
        compareDocs(sort, docs[a] as IndexedListing, docs[b] as IndexedListing),
      );
      this.orders.set(sort, order);
    }
    return order;
  }

  /**
   * Up to `limit` matches in the sort's order from `start`. Few matches are sorted; many are found
   * by walking the sort's order from the start, skipping what did not match.
   */
  page(matched: readonly number[], sort: GoodsSort, start: PageStart, limit: number): IndexedListing[] {
    const docs = this.docs as IndexedListing[];
    const after = 'after' in start ? start.after : undefined;
    const afterKey = after ? (typeof after.key === 'string' ? Date.parse(after.key) : after.key) : 0;
    const isAfter = (doc: IndexedListing) =>
      !after || compareKeys(sort, keyOf(sort, doc), doc.id, afterKey, after.id) > 0;
    let skip = 'offset' in start ? start.offset : 0;
    const out: IndexedListing[] = [];
    if (matched.length <= SORT_MATCHES_UP_TO) {
      const sorted = matched
        .map((slot) => docs[slot] as IndexedListing)
        .sort((a, b) => compareDocs(sort, a, b));
      for (const doc of sorted) {
        if (out.length === limit) break;
        if (!isAfter(doc)) continue;
        if (skip > 0) skip--;
        else out.push(doc);
      }
      return out;
    }
    // One mark array for every page (the code between setting and clearing it never awaits).
    if (this.marks.length < docs.length) this.marks = new Uint8Array(docs.length * 2);
    const marks = this.marks;
    for (const slot of matched) marks[slot] = 1;
    const order = this.order(sort);
    let low = 0;
    let high = order.length;
    while (after && low < high) {
      const middle = (low + high) >> 1;
      if (isAfter(docs[order[middle] as number] as IndexedListing)) high = middle;
      else low = middle + 1;
    }
    for (let index = low; index < order.length && out.length < limit; index++) {
      const slot = order[index] as number;
      if (!marks[slot]) continue;
      if (skip > 0) skip--;
      else out.push(docs[slot] as IndexedListing);
    }
    for (const slot of matched) marks[slot] = 0;
    return out;
  }

  /**
   * A page of the segments' matches (the first segment's matches first, each in the sort's order) and
   * their number.
   */
  search(segments: readonly ListQuery[], sort: GoodsSort, start: SearchStart, limit: number): SearchHits {
    const matched = segments.map((query) => this.matches(query));
    const cursor = 'cursor' in start ? start.cursor : undefined;
    const hits: SearchHits['hits'] = [];
    let skip = 'offset' in start ? start.offset : 0;
    for (const [segment, slots] of matched.entries()) {
      if (cursor && segment < cursor.segment) continue;
      const from: PageStart =
        cursor && segment === cursor.segment
          ? { after: { key: cursor.key, id: cursor.id } }
          : { offset: skip };
      hits.push(...this.page(slots, sort, from, limit - hits.length).map((doc) => ({ segment, doc })));
      if (hits.length === limit) break;
      skip = Math.max(0, skip - slots.length);
    }
    return { hits, matches: matched.reduce((sum, slots) => sum + slots.length, 0) };
  }
}
