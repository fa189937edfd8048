/**
 * Group commit: items (requests) are written by one transaction, `runMany`, at most `maxBatch` items
 * a transaction. At most `maxInFlight` such transactions run at once; the items asked for meanwhile
 * wait for the next, so under load batches grow by themselves while an item waits for one running
 * transaction at most. When none is running, the items asked for in one turn of the event loop go
 * at once (one alone too).
 *
 * `runMany` answers each item's result, or `undefined` for an item it left out: one it could not take
 * together with the others, which then takes `runOne` (the ordinary path) once the batch is over.
 * `runMany` must not wait for a lock another transaction holds (a batch would hold up the next): what
 * it cannot lock at once it leaves out. When `runMany` throws, nothing of it was written (its
 * transaction rolled back) and every item takes `runOne`: an item's answer, a refusal included, is
 * always the one the ordinary path gives.
 */
export function createGroupCommit<I, R>(options: {
  runMany: (items: readonly I[]) => Promise<readonly (R | undefined)[]>;
  runOne: (item: I) => Promise<R>;
  maxBatch?: number;
  maxInFlight?: number;
  /** Told when a batch fell back to one transaction per item (for the log). */
  onFallback?: (error: unknown, size: number) => void;
}): (item: I) => Promise<R> {
  const { runMany, runOne, maxBatch = 64, maxInFlight = 1, onFallback } = options;
  interface Waiting {
    item: I;
    resolve: (result: R) => void;
    reject: (error: unknown) => void;
  }
  let waiting: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  const alone = (entry: Waiting) => runOne(entry.item).then(entry.resolve, entry.reject);

  /** Runs `batch`; answers, once its transaction is over, what is left to run alone. */
  async function commit(batch: Waiting[]): Promise<Waiting[]> {
    let results: readonly (R | undefined)[];
    try {
      results = await runMany(batch.map((entry) => entry.item));
    } catch (error) {
      onFallback?.(error, batch.length);
      return batch;
    }
    return batch.filter((entry, index) => {
      const result = results[index];
      if (result === undefined) return true;
      entry.resolve(result);
      return false;
    });
  }

  function startWaiting(): void {
    scheduled = false;
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      inFlight += 1;
      void commit(batch).then((left) => {
        inFlight -= 1;
        if (waiting.length > 0) startWaiting();
        for (const entry of left) void alone(entry);
      });
    }
  }

  return (item: I) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      // setImmediate runs after the I/O callbacks of this turn: every request read in it has asked.
      if (!scheduled && inFlight < maxInFlight) {
        scheduled = true;
        setImmediate(startWaiting);
      }
    });
}
