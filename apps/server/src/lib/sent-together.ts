import type { Executor } from '../db/client.ts';

interface Corkable {
  cork(): void;
  uncork(): void;
}

/** The socket under a node-postgres transaction's connection; PGlite has none. */
function socketOf(executor: Executor): Corkable | undefined {
  const { session } = executor._ as unknown as {
    session: { client?: { connection?: { stream?: Partial<Corkable> } } };
  };
  const stream = session.client?.connection?.stream;
  return stream?.cork && stream.uncork ? (stream as Corkable) : undefined;
}

/**
 * Sends the statements `start` begins on one transaction's connection together: on a pipelining
 * node-postgres connection they go out in one write, without waiting for the answers before them.
 * Answers their results, or throws the first failure only once every step has settled: a step still
 * running after the transaction rolled back would write outside it. Steps are begun in the order
 * given, and PostgreSQL runs their first statements in that order.
 */
export async function sentTogether<const T extends readonly Promise<unknown>[]>(
  executor: Executor,
  start: () => T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const socket = socketOf(executor);
  socket?.cork();
  let steps: T;
  try {
    steps = start();
  } finally {
    socket?.uncork();
  }
  const settled = await Promise.allSettled(steps);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((result) => (result as PromiseFulfilledResult<unknown>).value) as {
    -readonly [K in keyof T]: Awaited<T[K]>;
  };
}
