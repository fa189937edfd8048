import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * Serialises, until the transaction ends, every transaction that takes the same key. A limit that is
 * checked by counting rows and then inserting one (daily caps, per-user maxima) takes the lock of what
 * it counts first, so that parallel requests cannot all see the count below the cap.
 */
export const lockForTransaction = (tx: Executor, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
