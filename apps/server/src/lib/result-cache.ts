/**
 * A small in-process cache for anonymous list answers. Entries live `ttlMs` (wall-clock, not the
 * business clock) and all of them go when this instance writes a listing; other instances see a
 * change after at most `ttlMs`. ttlMs = 0 turns it off.
 */
export interface ResultCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createResultCache(options: { ttlMs: number; maxEntries?: number }): ResultCache {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 2000;
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    async get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return load();
      const now = performance.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now, value });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      // A failed load is not remembered.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      return value;
    },
    clear: () => entries.clear(),
  };
}
