/**
 * Loads by key in batches: the keys asked for in one turn of the event loop (the requests that
 * arrived together) are loaded by one call of `load`, at most `maxBatch` keys a call; a key asked
 * twice in a turn is loaded once. Nothing is kept between turns: each caller gets what `load` found
 * after it asked. A key `load` leaves out of its map is answered `undefined`.
 */
export function createTurnBatcher<K, V>(
  load: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
  maxBatch = 500,
): (key: K) => Promise<V | undefined> {
  interface Waiter {
    resolve: (value: V | undefined) => void;
    reject: (error: unknown) => void;
  }
  let waiting = new Map<K, Waiter[]>();

  async function loadWaiting(): Promise<void> {
    const batch = waiting;
    waiting = new Map();
    const keys = [...batch.keys()];
    for (let start = 0; start < keys.length; start += maxBatch) {
      const chunk = keys.slice(start, start + maxBatch);
      try {
        const found = await load(chunk);
        for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.resolve(found.get(key));
      } catch (error) {
        for (const key of chunk) for (const waiter of batch.get(key) ?? []) waiter.reject(error);
      }
    }
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request read in it has asked.
      if (waiting.size === 0) setImmediate(() => void loadWaiting());
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
    });
}

/**
 * `values` padded to `length` with `filler`, for a statement `= any($1)`: PostgreSQL keeps the plan of
 * such a prepared statement only when the array is not shorter than the 10 elements its generic plan
 * assumes; shorter, it plans anew on every call.
 */
export function paddedForPlan<T>(values: readonly T[], filler: T, length = 16): readonly T[] {
  return values.length >= length
    ? values
    : [...values, ...Array.from({ length: length - values.length }, () => filler)];
}

/**
 * The element of `values` when it has exactly one, else undefined. A batch of one is cheaper by a
 * statement's one-row form (`= $1`) than by `= any($1)` (the padding's probes) or `unnest` (a new
 * plan each call), so the statements over many rows take it apart.
 */
export function onlyOf<T>(values: readonly T[]): T | undefined {
  return values.length === 1 ? values[0] : undefined;
}
