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

/** `search_tokens` as the generated column builds it: the words of the text, `g:<game>`, `p:<platform>`. */
export const tokensOf = (doc: IndexedListing): string[] => [
  ...doc.searchText.split(' ').filter((word) => word !== ''),
  `g:${doc.gameId}`,
  `p:${doc.platform}`,
];

const sameTokens = (a: IndexedListing, b: IndexedListing) =>
  a.searchText === b.searchText && a.gameId === b.gameId && a.platform === b.platform;

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

/** A sorted page of matches walks a sort order once the matches are more than this. */
const SORT_MATCHES_UP_TO = 2_000;
/** Above this share of dead slots the index is worth rebuilding. */
const DEAD_SHARE = 0.25;

function intersect(a: ArrayLike<number>, b: ArrayLike<number>): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out.push(x);
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out;
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
  private readonly slotOf = new Map<number, number>();
  private readonly postings = new Map<string, Posting>();
  private vocabulary: string[] | undefined;
  private readonly orders = new Map<GoodsSort, Int32Array>();
  private dead = 0;
  /** The highest listing id seen, of any status: the default snapshot. */
  maxId = 0;

  constructor(listings: readonly IndexedListing[], maxId: number) {
    const counts = new Map<string, number>();
    for (const doc of listings)
      for (const token of tokensOf(doc)) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [token, count] of counts) this.postings.set(token, new Posting(count));
    for (const doc of listings) this.append(doc);
    this.maxId = maxId;
  }

  get size() {
    return this.slotOf.size;
  }

  /** Many dead slots: a fresh build would be smaller and faster. */
  get wantsRebuild() {
    return this.dead > 1_000 && this.dead > this.docs.length * DEAD_SHARE;
  }

  private append(doc: IndexedListing) {
    const slot = this.docs.length;
    this.docs.push(doc);
    this.slotOf.set(doc.id, slot);
    for (const token of tokensOf(doc)) {
      let posting = this.postings.get(token);
      if (!posting) {
        posting = new Posting(4);
        this.postings.set(token, posting);
        this.vocabulary = undefined;
      }
      posting.push(slot);
    }
  }

  /** Applies a listing as read now: indexed if on sale, dropped otherwise. */
  apply(id: number, doc: IndexedListing | undefined) {
    this.maxId = Math.max(this.maxId, id);
    const slot = this.slotOf.get(id);
    const old = slot === undefined ? undefined : this.docs[slot];
    if (slot !== undefined && old && doc && sameTokens(old, doc)) {
      this.docs[slot] = doc;
      const moved =
        old.rankScore !== doc.rankScore ||
        old.listedAt !== doc.listedAt ||
        old.price !== doc.price ||
        old.heat !== doc.heat;
      if (moved) this.orders.clear();
    } else {
      if (slot !== undefined) {
        this.docs[slot] = undefined;
        this.slotOf.delete(id);
        this.dead++;
      }
      if (doc) this.append(doc);
      this.orders.clear();
    }
  }

  /** The slots (ascending) of the listings that match a query. */
  matches(query: ListQuery): number[] {
    const lists: ArrayLike<number>[] = [];
    const scope = [
      ...(query.gameId === undefined ? [] : [`g:${query.gameId}`]),
      ...(query.platform === undefined ? [] : [`p:${query.platform}`]),
    ];
    for (const token of [...query.tokens, ...scope]) {
      const posting = this.postings.get(token);
      if (!posting || posting.length === 0) return [];
      lists.push(posting.view());
    }
    // `% run%` is a word that starts with the run: the union of the words with that prefix.
    const needles = query.patterns.map((pattern) => pattern.slice(1, -1));
    for (const needle of needles) {
      if (needle.endsWith(' ')) continue;
      const union = this.prefixUnion(needle.slice(1));
      if (union.length === 0) return [];
      lists.push(union);
    }
    lists.sort((a, b) => a.length - b.length);
    let candidates: ArrayLike<number> | undefined = lists[0];
    for (const list of lists.slice(1)) candidates = intersect(candidates ?? [], list);
    const out: number[] = [];
    const total = candidates ? candidates.length : this.docs.length;
    for (let index = 0; index < total; index++) {
      const slot = candidates ? (candidates[index] as number) : index;
      const doc = this.docs[slot];
      if (doc && this.keeps(doc, query, needles)) out.push(slot);
    }
    return out;
  }

  private keeps(doc: IndexedListing, query: ListQuery, needles: string[]): boolean {
    if (doc.id > query.snapshotId) return false;
    if (query.gameId !== undefined && doc.gameId !== query.gameId) return false;
    if (query.otherThanGameId !== undefined && doc.gameId === query.otherThanGameId) return false;
    if (query.platform !== undefined && doc.platform !== query.platform) return false;
    if (query.partitionId !== undefined && doc.partitionId !== query.partitionId) return false;
    if (query.sellerId !== undefined && doc.sellerId !== query.sellerId) return false;
    if (query.excludeId !== undefined && doc.id === query.excludeId) return false;
    if (query.priceMin !== undefined && doc.price < query.priceMin) return false;
    if (query.priceMax !== undefined && doc.price > query.priceMax) return false;
    for (const tag of query.tags) if (!doc.tags.includes(tag)) return false;
    for (const condition of query.attrs) if (!attributeMatches(doc.attrs, condition)) return false;
    for (const needle of needles) if (!doc.searchText.includes(needle)) return false;
    return true;
  }

  private prefixUnion(prefix: string): number[] {
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
    const marks = new Uint8Array(docs.length);
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
    return out;
  }
}
