import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { SearchIndex } from './search-index.ts';
import { listingsChangedSince, onSaleListings, sequencesNow, type ReadListing } from './search-index-repo.ts';

/**
 * Keeps this instance's search index fresh. Built in the background on first use (searches answer
 * from SQL meanwhile). A listing write anywhere is seen by the next search: the writer's bus message
 * marks the index stale, and every page read also returns `goods_change_seq`, so an index behind it
 * refreshes and answers again. Views and favourites (heat) do not advance that sequence: the rows
 * they change are re-read by a refresh that a search starts in the background once DRIFT_MS passed.
 */
export interface SearchIndexKeeper {
  /** The index, refreshed first if a write was announced; undefined while the first build runs. */
  current(): Promise<SearchIndex | undefined>;
  /** Whether `changeSeq` (read beside a page) is ahead of the index. */
  isBehind(changeSeq: number): boolean;
  refresh(): Promise<void>;
  markStale(): void;
  ready(): boolean;
  /** Starts the build if none ran; resolves when an index is there. */
  loaded(): Promise<void>;
}

const DRIFT_MS = 5_000;
/**
 * A refresh reads the rows whose `search_seq` is above the watermark of a refresh at least this old:
 * a transaction takes its number when it writes and may commit later, so a read by number alone
 * could pass over it.
 */
const OVERLAP_MS = 10_000;

export function createSearchIndexKeeper(options: {
  db: Database;
  log: FastifyBaseLogger;
  /** Told the ids of the rows a refresh read again, before the refreshed index answers. */
  onReread?: (ids: readonly number[]) => void;
}): SearchIndexKeeper {
  const { db, log, onReread } = options;
  let index: SearchIndex | undefined;
  let building: Promise<void> | undefined;
  let changeSeen = 0;
  let stale = false;
  let lastRefresh = 0;
  let watermarks: { at: number; seq: number }[] = [];
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;

  const apply = (target: SearchIndex, reads: readonly ReadListing[]) => {
    for (const read of reads) target.apply(read.id, read.listing);
  };

  async function build() {
    const at = performance.now();
    const before = await sequencesNow(db);
    const { listings, maxId } = await onSaleListings(db);
    const next = await SearchIndex.build(
      listings.flatMap((read) => (read.listing ? [read.listing] : [])),
      maxId,
    );
    // Changes committed while this build read are applied by the first refresh.
    watermarks = [{ at, seq: before.search }];
    index = next;
    changeSeen = before.change;
    stale = true;
    log.info(
      {
        listings: next.size,
        ms: Math.round(performance.now() - at),
        rssMb: Math.round(process.memoryUsage().rss / 1e6),
      },
      'search index built',
    );
  }

  function startBuild() {
    building ??= build()
      .catch((error: unknown) => log.error({ err: error }, 'search index: build failed, answering from SQL'))
      .finally(() => (building = undefined));
    return building;
  }

  async function refreshNow() {
    const target = index;
    if (!target) return;
    const at = performance.now();
    const before = await sequencesNow(db);
    const settled = watermarks.filter((mark) => mark.at <= at - OVERLAP_MS);
    const low = (settled[settled.length - 1] ?? watermarks[0])?.seq ?? 0;
    const reads = await listingsChangedSince(db, low);
    apply(target, reads);
    onReread?.(reads.map((read) => read.id));
    const seq = reads.reduce((max, read) => Math.max(max, read.seq), low);
    // Keep the newest settled mark and the ones after it.
    watermarks = [
      ...settled.slice(-1),
      ...watermarks.filter((mark) => mark.at > at - OVERLAP_MS),
      { at, seq },
    ];
    changeSeen = Math.max(changeSeen, before.change);
    lastRefresh = performance.now();
    if (target.wantsRebuild && index === target) void startBuild();
  }

  /** One refresh at a time; a call during one waits for the next, which starts after it. */
  function refresh(): Promise<void> {
    if (queued) return queued;
    if (!running) {
      running = refreshNow().finally(() => (running = undefined));
      return running;
    }
    queued = running
      .catch(() => undefined)
      .then(() => {
        queued = undefined;
        return refresh();
      });
    return queued;
  }

  return {
    async current() {
      if (!index) {
        void startBuild();
        return undefined;
      }
      if (stale) {
        stale = false;
        await refresh().catch((error: unknown) => {
          stale = true;
          throw error;
        });
      } else if (performance.now() - lastRefresh > DRIFT_MS) {
        refresh().catch((error: unknown) => log.warn({ err: error }, 'search index: refresh failed'));
      }
      return index;
    },
    isBehind: (changeSeq) => changeSeq > changeSeen,
    ready: () => index !== undefined,
    refresh,
    markStale() {
      stale = true;
    },
    async loaded() {
      if (!index) await startBuild();
      if (!index) throw new Error('search index: build failed');
    },
  };
}
