import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { preparedRows } from './sql-rows.ts';

/**
 * Serialises, until the transaction ends, every transaction that takes the same key. A limit that is
 * checked by counting rows and then inserting one (daily caps, per-user maxima) takes the lock of what
 * it counts first, so that parallel requests cannot all see the count below the cap.
 */
export const lockForTransaction = (tx: Executor, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);

const tryLockAll = {
  name: 'advisory_xact_try_locks',
  text: `select key, pg_try_advisory_xact_lock(hashtext(key)) as locked from unnest($1::text[]) as key`,
};

/**
 * `lockForTransaction` of many keys by one statement, without waiting: answers the keys it took
 * (one another transaction holds is left out). It never waits, so it never deadlocks.
 */
export async function tryLockAllForTransaction(tx: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await preparedRows<{ key: string; locked: boolean }>(tx, tryLockAll.name, tryLockAll.text, [
    keys,
  ]);
  return new Set(rows.filter((row) => row.locked).map((row) => row.key));
}
