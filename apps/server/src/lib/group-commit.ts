/**
 * Group commit: the items asked for in one turn of the event loop (the requests that arrived
 * together) are written by one transaction, `runMany`, at most `maxBatch` items a transaction. An
 * item alone takes `runOne`, the ordinary path. `runMany` answers each item's result, or `undefined`
 * for an item it left out (one it could not take together with the others: it then takes `runOne`
 * once the batch is over). When `runMany` throws, nothing of it was written (its transaction rolled
 * back) and every item takes `runOne`: an item's answer, refusal included, is always the one the
 * ordinary path gives.
 */
export function createGroupCommit<I, R>(options: {
  runMany: (items: readonly I[]) => Promise<readonly (R | undefined)[]>;
  runOne: (item: I) => Promise<R>;
  maxBatch?: number;
  /** Told when a batch fell back to one transaction per item (for the log). */
  onFallback?: (error: unknown, size: number) => void;
}): (item: I) => Promise<R> {
  const { runMany, runOne, maxBatch = 64, onFallback } = options;
  interface Waiting {
    item: I;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];

  const alone = (entry: Waiting) => runOne(entry.item).then(entry.resolve, entry.reject);

  async function commit(batch: Waiting[]): Promise<void> {
    const [only] = batch;
    if (only && batch.length === 1) return alone(only);
    let results: readonly (R | undefined)[];
    try {
      results = await runMany(batch.map((entry) => entry.item));
    } catch (error) {
      onFallback?.(error, batch.length);
      await Promise.all(batch.map(alone));
      return;
    }
    const left: Waiting[] = [];
    batch.forEach((entry, index) => {
      const result = results[index];
      if (result === undefined) left.push(entry);
      else entry.resolve(result);
    });
    await Promise.all(left.map(alone));
  }

  function commitWaiting(): void {
    const all = waiting;
    waiting = [];
    for (let start = 0; start < all.length; start += maxBatch) void commit(all.slice(start, start + maxBatch));
  }

  return (item: I) =>
    new Promise<R>((resolve, reject) => {
      // setImmediate runs after the I/O callbacks of this turn: every request read in it has asked.
      if (waiting.length === 0) setImmediate(commitWaiting);
      waiting.push({ item, resolve, reject });
    });
}
