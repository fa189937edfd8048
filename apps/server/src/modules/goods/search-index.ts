import { SEARCH_TOTAL_CAP, type GoodsSort } from '@haoshi/contracts';
import type { AttributeCondition, ListQuery } from './goods-repo.ts';
import { andInto, andNotInto, hasBit, intersectInto, popcount, SlotList } from './search-slots.ts';

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

type SortKey = number;

/** Negative when (a key, a id) comes first in the sort's order; the id breaks ties the same way. */
function compareKeys(sort: GoodsSort, keyA: SortKey, idA: number, keyB: SortKey, idB: number): number {
  const sign = sort === 'price_asc' ? 1 : -1;
  if (keyA !== keyB) return keyA < keyB ? -sign : sign;
  if (idA !== idB) return idA < idB ? -sign : sign;
  return 0;
}

/** The value a keyset cursor carries for a row: an ISO time for 最新, else the number. */
export function cursorKeyOf(sort: GoodsSort, doc: IndexedListing): number | string {
  if (sort === 'newest') return new Date(doc.listedAt ?? 0).toISOString();
  if (sort === 'default') return doc.rankScore;
  if (sort === 'hot') return doc.heat;
  return doc.price;
}

/**
 * Where a page of a search starts: after a keyset cursor's row (in its segment), or after skipping
 * `offset` matches across the segments.
 */
export type SearchStart =
  { cursor: { segment: number; key: number | string; id: number } } | { offset: number };

export interface SearchHits {
  hits: { segment: number; doc: IndexedListing }[];
  /** All matches of the segments: exact up to SEARCH_TOTAL_CAP, above it only more than the cap. */
  matches: number;
}

/** A list shorter than this share of the slots is read slot by slot; longer ones as bitsets. */
const LIST_SHARE = 32;
/** Up to this many matches a page sorts them (by their place in the sort's order); more are walked. */
const SORT_MATCHES_UP_TO = 2_048;
const DERIVED_SLOTS = 1_000_000;
/** Above this share of dead slots the index is worth rebuilding. */
const DEAD_SHARE = 0.25;
const EMPTY = new SlotList(1);

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

const grownFloat = (array: Float64Array, length: number) => {
  const grown = new Float64Array(length);
  grown.set(array);
  return grown;
};
const grownInt = (array: Int32Array, length: number) => {
  const grown = new Int32Array(length);
  grown.set(array);
  return grown;
};

/** A sort's order of the live slots, and each slot's place in it (-1 for a dead slot). */
interface Order {
  slots: Int32Array;
  places: Int32Array;
}

/**
 * An in-memory inverted index over the on-sale listings: one posting list of slots per token (with a
 * bitset beside the large ones), the listings and the fields that filters and sorts read by slot in
 * typed columns, and one order of the live slots per sort. A changed listing whose tokens changed
 * moves to a new slot at the end (its old slot is dead); otherwise it is replaced in place.
 *
 * A query is answered without materialising its matches when they are many: the posting lists are
 * intersected as bitsets and counted by popcount (or, with filters that are not tokens, counted one
 * by one up to just past SEARCH_TOTAL_CAP), and the page walks the sort's order until it is full.
 * Few matches are gathered as slots and sorted by their place in the order. The scratch arrays are
 * reused by every query (nothing between filling and reading them awaits).
 */
export class SearchIndex {
  private readonly docs: (IndexedListing | undefined)[] = [];
  /** By slot; `ids` is 0 for a dead slot. `listed` is -Infinity for a listing without a time. */
  private ids = new Float64Array(0);
  private games = new Int32Array(0);
  private partitions = new Int32Array(0);
  private prices = new Float64Array(0);
  private sellers = new Float64Array(0);
  private ranks = new Float64Array(0);
  private listed = new Float64Array(0);
  private heats = new Float64Array(0);
  private readonly live = new SlotList(1);
  private liveBits: Uint32Array = new Uint32Array(1);
  private readonly slotOf = new Map<number, number>();
  private readonly postings = new Map<string, SlotList>();
  private vocabulary: string[] | undefined;
  /** Slots of the word prefixes, word orders and choices asked lately; emptied when a slot is added. */
  private readonly derived = new Map<string, SlotList>();
  private derivedSlots = 0;
  private readonly orders = new Map<GoodsSort, Order>();
  private dead = 0;
  /** The highest id ever indexed: a snapshot at or above it excludes nothing. */
  private highestIndexed = 0;
  /** The highest listing id seen, of any status: the default snapshot. */
  maxId = 0;

  // Scratch, reused by every query.
  private candidates = new Int32Array(0);
  private places = new Int32Array(0);
  private words: Uint32Array = new Uint32Array(0);
  private readonly lists: SlotList[] = [];

  // The query being answered: its filters that are not tokens, and what was found.
  private snapshot = 0;
  private excluded = -1;
  private otherGame = -1;
  private partition = -1;
  private seller = -1;
  private low = Number.NEGATIVE_INFINITY;
  private high = Number.POSITIVE_INFINITY;
  private ranges: Extract<AttributeCondition, { kind: 'int' }>[] = [];
  /** Whether a slot in `words` must still pass `passes`. */
  private residual = false;
  /** `candidates` holds every match (ascending slots); else `words` holds them (with `residual`). */
  private gathered = false;
  private found = 0;

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
    for (const [token, count] of counts) index.postings.set(token, new SlotList(count));
    index.reserve(listings.length);
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

  /** Room in the columns and scratch arrays for `slots` slots. */
  private reserve(slots: number) {
    if (slots <= this.ids.length) return;
    const length = Math.max(slots, this.ids.length * 2, 64);
    this.ids = grownFloat(this.ids, length);
    this.games = grownInt(this.games, length);
    this.partitions = grownInt(this.partitions, length);
    this.prices = grownFloat(this.prices, length);
    this.sellers = grownFloat(this.sellers, length);
    this.ranks = grownFloat(this.ranks, length);
    this.listed = grownFloat(this.listed, length);
    this.heats = grownFloat(this.heats, length);
    this.candidates = new Int32Array(length);
    this.places = new Int32Array(length);
    this.words = new Uint32Array((length + 31) >>> 5);
  }

  private append(doc: IndexedListing, tokens = tokensOf(doc)) {
    const slot = this.docs.length;
    this.reserve(slot + 1);
    this.docs.push(doc);
    this.setColumns(slot, doc);
    this.slotOf.set(doc.id, slot);
    this.highestIndexed = Math.max(this.highestIndexed, doc.id);
    this.live.push(slot);
    this.liveBits = this.live.bitsFor();
    this.clearDerived();
    for (const token of tokens) {
      let posting = this.postings.get(token);
      if (!posting) {
        posting = new SlotList(4);
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
    this.ranks[slot] = doc?.rankScore ?? 0;
    this.listed[slot] = doc?.listedAt ?? Number.NEGATIVE_INFINITY;
    this.heats[slot] = doc?.heat ?? 0;
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
        this.liveBits[slot >>> 5] = (this.liveBits[slot >>> 5] as number) & ~(1 << (slot & 31));
        this.slotOf.delete(id);
        this.dead++;
      }
      if (doc) this.append(doc);
      this.orders.clear();
    }
  }

  private clearDerived() {
    if (this.derived.size === 0) return;
    this.derived.clear();
    this.derivedSlots = 0;
  }

  private list(token: string): SlotList {
    return this.postings.get(token) ?? EMPTY;
  }

  private cached(key: string, compute: () => Int32Array): SlotList {
    let slots = this.derived.get(key);
    if (!slots) {
      slots = SlotList.of(compute());
      // At most about a million slots (4 MB) cached: then start over.
      if (this.derivedSlots + slots.length > DERIVED_SLOTS) this.clearDerived();
      this.derived.set(key, slots);
      this.derivedSlots += slots.length;
    }
    return slots;
  }

  /** The ascending slots of the bits in `words` (the first `count` words). */
  private slotsOfWords(count: number): Int32Array {
    const { words } = this;
    let length = 0;
    for (let word = 0; word < count; word++) length += popcount(words[word] as number);
    const out = new Int32Array(length);
    let at = 0;
    for (let word = 0; word < count; word++) {
      let bits = words[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        out[at++] = (word << 5) | (31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return out;
  }

  /** The listings that match any of the tokens (a choice among values). */
  private anyOf(tokens: readonly string[]): SlotList {
    if (tokens.length === 1) return this.list(tokens[0] as string);
    return this.cached(`any ${tokens.join('\n')}`, () => this.union(tokens.map((token) => this.list(token))));
  }

  private union(lists: readonly SlotList[]): Int32Array {
    const count = (this.docs.length + 31) >>> 5;
    const { words } = this;
    words.fill(0, 0, count);
    for (const list of lists)
      for (let index = 0; index < list.length; index++) {
        const slot = list.data[index] as number;
        words[slot >>> 5] = (words[slot >>> 5] as number) | (1 << (slot & 31));
      }
    return this.slotsOfWords(count);
  }

  /** `% w1 w2 %`: the listings whose text holds the words in this order. */
  private phrase(needle: string): SlotList {
    return this.cached(needle, () => {
      const lists = needle
        .trim()
        .split(' ')
        .map((word) => this.list(word))
        .sort((a, b) => a.length - b.length);
      const first = lists[0] ?? EMPTY;
      const candidates = first.data.slice(0, first.length);
      let count = candidates.length;
      for (const list of lists.slice(1)) count = intersectInto(candidates, count, list.data, list.length);
      let kept = 0;
      for (let index = 0; index < count; index++) {
        const slot = candidates[index] as number;
        if (this.docs[slot]?.searchText.includes(needle)) candidates[kept++] = slot;
      }
      return candidates.slice(0, kept);
    });
  }

  /** `% run%`: a word that starts with the run, exactly the union of the words with that prefix. */
  private prefixUnion(prefix: string): SlotList {
    return this.cached(`prefix ${prefix}`, () => {
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
      const lists: SlotList[] = [];
      for (let index = low; index < words.length && (words[index] as string).startsWith(prefix); index++)
        lists.push(this.list(words[index] as string));
      if (lists.length === 1) return (lists[0] as SlotList).data.slice(0, (lists[0] as SlotList).length);
      return this.union(lists);
    });
  }

  /** Whether a slot passes the filters of the query being answered that are not posting lists. */
  private passes(slot: number): boolean {
    const id = this.ids[slot] as number;
    if (id === 0 || id > this.snapshot || id === this.excluded) return false;
    if (this.games[slot] === this.otherGame) return false;
    if (this.partition !== -1 && this.partitions[slot] !== this.partition) return false;
    if (this.seller !== -1 && this.sellers[slot] !== this.seller) return false;
    const price = this.prices[slot] as number;
    if (price < this.low || price > this.high) return false;
    if (this.ranges.length > 0) {
      const attrs = (this.docs[slot] as IndexedListing).attrs;
      for (const condition of this.ranges) if (!attributeMatches(attrs, condition)) return false;
    }
    return true;
  }

  /**
   * Finds the matches of a query: gathered as slots in `candidates` when few (or counted up to just
   * past the cap), else left as bits in `words`. Sets `found` (exact up to SEARCH_TOTAL_CAP).
   */
  private evaluate(query: ListQuery) {
    this.snapshot = query.snapshotId;
    this.excluded = query.excludeId ?? -1;
    this.otherGame = query.otherThanGameId ?? -1;
    this.partition = query.partitionId ?? -1;
    this.seller = query.sellerId ?? -1;
    this.low = query.priceMin ?? Number.NEGATIVE_INFINITY;
    this.high = query.priceMax ?? Number.POSITIVE_INFINITY;
    this.ranges.length = 0;
    const lists = this.lists;
    lists.length = 0;
    for (const token of query.tokens) lists.push(this.list(token));
    if (query.gameId !== undefined) lists.push(this.list(`g:${query.gameId}`));
    if (query.platform !== undefined) lists.push(this.list(`p:${query.platform}`));
    for (const tag of query.tags) lists.push(this.list(`t:${tag}`));
    for (const condition of query.attrs) {
      if (condition.kind === 'int') this.ranges.push(condition);
      else {
        const kind = condition.kind === 'enum' ? 'e' : 'm';
        lists.push(this.anyOf(condition.values.map((value) => `${kind}:${condition.key}=${value}`)));
      }
    }
    for (const pattern of query.patterns) {
      const needle = pattern.slice(1, -1);
      lists.push(needle.endsWith(' ') ? this.phrase(needle) : this.prefixUnion(needle.slice(1)));
    }
    this.found = 0;
    this.gathered = true;
    if (lists.some((list) => list.length === 0)) return;
    lists.sort((a, b) => a.length - b.length);
    const slots = this.docs.length;
    const count = (slots + 31) >>> 5;
    const smallest = lists[0];
    const { candidates, words } = this;
    if (smallest && smallest.length * LIST_SHARE <= slots) {
      candidates.set(smallest.data.subarray(0, smallest.length));
      let length = smallest.length;
      for (let at = 1; at < lists.length; at++) {
        const list = lists[at] as SlotList;
        if (list.length * LIST_SHARE <= slots) {
          length = intersectInto(candidates, length, list.data, list.length);
          continue;
        }
        const bits = list.bitsFor();
        let kept = 0;
        for (let index = 0; index < length; index++) {
          const slot = candidates[index] as number;
          if (hasBit(bits, slot)) candidates[kept++] = slot;
        }
        length = kept;
      }
      let kept = 0;
      for (let index = 0; index < length; index++) {
        const slot = candidates[index] as number;
        if (this.passes(slot)) candidates[kept++] = slot;
      }
      this.found = kept;
      return;
    }
    // Every list is long: intersect them as bitsets, with the live slots, minus the other game.
    words.fill(0, 0, count);
    words.set(this.liveBits.subarray(0, count));
    for (const list of lists) andInto(words, list.bitsFor(), count);
    if (this.otherGame !== -1) andNotInto(words, this.list(`g:${this.otherGame}`).bitsFor(), count);
    this.residual =
      this.excluded !== -1 ||
      this.partition !== -1 ||
      this.seller !== -1 ||
      this.low !== Number.NEGATIVE_INFINITY ||
      this.high !== Number.POSITIVE_INFINITY ||
      this.ranges.length > 0 ||
      this.snapshot < this.highestIndexed;
    if (!this.residual) {
      let found = 0;
      for (let word = 0; word < count; word++) found += popcount(words[word] as number);
      this.found = found;
      this.gathered = false;
      if (found > SORT_MATCHES_UP_TO) return;
    }
    // Gather the matches one by one, up to just past the cap: the total needs no more.
    let found = 0;
    let word = 0;
    for (; word < count && found <= SEARCH_TOTAL_CAP; word++) {
      let bits = words[word] as number;
      while (bits !== 0) {
        const low = bits & -bits;
        const slot = (word << 5) | (31 - Math.clz32(low));
        bits ^= low;
        if (!this.residual || this.passes(slot)) candidates[found++] = slot;
      }
    }
    this.found = found;
    this.gathered = word === count && found <= SORT_MATCHES_UP_TO;
  }

  /** The live slots in the sort's order and their places, built again after a change. */
  private order(sort: GoodsSort): Order {
    let order = this.orders.get(sort);
    if (!order) {
      const keys =
        sort === 'default'
          ? this.ranks
          : sort === 'newest'
            ? this.listed
            : sort === 'hot'
              ? this.heats
              : this.prices;
      const { ids } = this;
      const slots = this.live.data.slice(0, this.live.length).filter((slot) => ids[slot] !== 0);
      slots.sort((a, b) =>
        compareKeys(sort, keys[a] as number, ids[a] as number, keys[b] as number, ids[b] as number),
      );
      const places = new Int32Array(this.docs.length).fill(-1);
      for (let place = 0; place < slots.length; place++) places[slots[place] as number] = place;
      order = { slots, places };
      this.orders.set(sort, order);
    }
    return order;
  }

  /** The first place in the order after a cursor's row. */
  private placeAfter(sort: GoodsSort, slots: Int32Array, key: number | string, id: number): number {
    const afterKey = typeof key === 'string' ? Date.parse(key) : key;
    const keys =
      sort === 'default'
        ? this.ranks
        : sort === 'newest'
          ? this.listed
          : sort === 'hot'
            ? this.heats
            : this.prices;
    let low = 0;
    let high = slots.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      const slot = slots[middle] as number;
      if (compareKeys(sort, keys[slot] as number, this.ids[slot] as number, afterKey, id) > 0) high = middle;
      else low = middle + 1;
    }
    return low;
  }

  /** Up to `limit` of the matches just evaluated, in the sort's order from `from` after skipping `skip`. */
  private page(
    sort: GoodsSort,
    from: number,
    skip: number,
    limit: number,
    segment: number,
    hits: SearchHits['hits'],
  ) {
    const { slots, places } = this.order(sort);
    const docs = this.docs as IndexedListing[];
    const end = hits.length + limit;
    if (this.gathered) {
      const { candidates } = this;
      const chosen = this.places;
      let length = 0;
      for (let index = 0; index < this.found; index++) {
        const place = places[candidates[index] as number] as number;
        if (place >= from) chosen[length++] = place;
      }
      const sorted = chosen.subarray(0, length).sort();
      for (let index = skip; index < length && hits.length < end; index++)
        hits.push({ segment, doc: docs[slots[sorted[index] as number] as number] as IndexedListing });
      return;
    }
    const { words, residual } = this;
    let left = skip;
    for (let place = from; place < slots.length && hits.length < end; place++) {
      const slot = slots[place] as number;
      if (!hasBit(words, slot) || (residual && !this.passes(slot))) continue;
      if (left > 0) left--;
      else hits.push({ segment, doc: docs[slot] as IndexedListing });
    }
  }

  /**
   * A page of the segments' matches (the first segment's matches first, each in the sort's order) and
   * their number.
   */
  search(segments: readonly ListQuery[], sort: GoodsSort, start: SearchStart, limit: number): SearchHits {
    const cursor = 'cursor' in start ? start.cursor : undefined;
    const hits: SearchHits['hits'] = [];
    let skip = 'offset' in start ? start.offset : 0;
    let matches = 0;
    for (const [segment, query] of segments.entries()) {
      this.evaluate(query);
      matches += this.found;
      if (hits.length === limit || (cursor && segment < cursor.segment)) continue;
      const from =
        cursor && segment === cursor.segment
          ? this.placeAfter(sort, this.order(sort).slots, cursor.key, cursor.id)
          : 0;
      this.page(sort, from, skip, limit - hits.length, segment, hits);
      // Past this segment's end: the offset into the next is what this one did not cover.
      skip = Math.max(0, skip - this.found);
    }
    return { hits, matches };
  }
}
