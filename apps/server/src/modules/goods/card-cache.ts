import type { SearchCardRow } from './search-index-repo.ts';

/**
 * The card rows of the search list by listing id, kept in memory so that a page whose cards were
 * read lately costs no database read. How fresh a cached card is:
 * - a listing write is read again by the search index's next refresh, which drops that listing's
 *   card here (`drop`) before any search answers from the refreshed index; a search refreshes first
 *   whenever `goods_change_seq` is ahead of the index (search-service.ts), so an edit of the title,
 *   price, cover… is in the next search on every instance, as without the cache;
 * - views and favourites do not advance that sequence: a card is used for at most `ttlMs` after its
 *   read began, so its counts lag by at most that (and 热度 order by the index's own few seconds);
 * - a read that began before a drop is not kept (an epoch counter), so it cannot put back a card
 *   older than the write that caused the drop.
 * At most `maxEntries` cards are kept (the oldest stored go first). Wall-clock time.
 */
export interface CardCache {
  /** The cards of `ids` in their order (a listing gone is left out): cached ones, the rest read at once. */
  rows(ids: readonly number[]): Promise<SearchCardRow[]>;
  /** Forgets these listings' cards. */
  drop(ids: Iterable<number>): void;
}

export const CARD_TTL_MS = 5_000;

export function createCardCache(options: {
  read: (ids: readonly number[]) => Promise<ReadonlyMap<number, SearchCardRow>>;
  ttlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}): CardCache {
  const { read } = options;
  const ttlMs = options.ttlMs ?? CARD_TTL_MS;
  const maxEntries = options.maxEntries ?? 30_000;
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<number, { at: number; row: SearchCardRow }>();
  let epoch = 0;

  return {
    async rows(ids) {
      const now = clock();
      const rows: (SearchCardRow | undefined)[] = [];
      let missing: number[] | undefined;
      for (const id of ids) {
        const entry = entries.get(id);
        if (entry && now - entry.at < ttlMs) rows.push(entry.row);
        else {
          rows.push(undefined);
          (missing ??= []).push(id);
        }
      }
      if (!missing) return rows as SearchCardRow[];
      const started = epoch;
      const found = await read(missing);
      if (epoch === started) {
        for (const [id, row] of found) {
          entries.delete(id);
          entries.set(id, { at: now, row });
        }
        for (const id of entries.keys()) {
          if (entries.size <= maxEntries) break;
          entries.delete(id);
        }
      }
      return ids.flatMap((id, at) => rows[at] ?? found.get(id) ?? []);
    },
    drop(ids) {
      epoch++;
      for (const id of ids) entries.delete(id);
    },
  };
}
