/**
 * A small in-process cache for anonymous list answers, stale-while-revalidate: an entry is fresh for
 * `ttlMs`; after that and until `staleMs` the old answer is still returned at once while one
 * background load replaces it, so no request waits on a reload of a busy key. Older entries load in
 * the foreground. All entries go when any instance writes a listing (`clear`, called through the
 * invalidation bus); should a message be lost, a change shows after at most `ttlMs` plus one load
 * for a key requested steadily, and at most `staleMs` for a key requested rarely. Wall-clock time,
 * not the business clock. ttlMs = 0 turns it off.
 */
export interface ResultCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

interface Entry {
  at: number;
  value: Promise<unknown>;
  refreshing: boolean;
}

export function createResultCache(options: {
  ttlMs: number;
  /** Defaults to 10 × ttlMs. */
  staleMs?: number;
  maxEntries?: number;
  clock?: () => number;
}): ResultCache {
  const { ttlMs } = options;
  const staleMs = Math.max(options.staleMs ?? ttlMs * 10, ttlMs);
  const maxEntries = options.maxEntries ?? 2000;
  const clock = options.clock ?? (() => performance.now());
  const entries = new Map<string, Entry>();

  function store(key: string, value: Promise<unknown>, at: number): void {
    const entry: Entry = { at, value, refreshing: false };
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    // A failed load is not remembered.
    value.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
  }

  function refresh(key: string, entry: Entry, load: () => Promise<unknown>): void {
    entry.refreshing = true;
    const started = clock();
    const next = load();
    next.then(
      () => {
        // Only if nothing cleared or replaced the entry meanwhile.
        if (entries.get(key) === entry) store(key, next, started);
      },
      () => {
        entry.refreshing = false;
      },
    );
  }

  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return load();
      const now = clock();
      const hit = entries.get(key);
      if (hit) {
        const age = now - hit.at;
        if (age < ttlMs) return hit.value as Promise<T>;
        if (age < staleMs) {
          if (!hit.refreshing) refresh(key, hit, load);
          return hit.value as Promise<T>;
        }
      }
      const value = load();
      store(key, value, now);
      return value;
    },
    clear: () => entries.clear(),
  };
}
