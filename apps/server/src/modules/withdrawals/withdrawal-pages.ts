import { count, desc, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { fetchPage } from '../../lib/page.ts';
import { withdrawals } from './tables.ts';

/** One page of withdrawals matching `where`, newest first, with the total (users' and staff lists). */
export function pageOfWithdrawals(db: Executor, where: SQL | undefined, page: number, pageSize: number) {
  return fetchPage(
    page,
    pageSize,
    (limit, offset) =>
      db
        .select()
        .from(withdrawals)
        .where(where)
        .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
        .limit(limit)
        .offset(offset),
    db.select({ value: count() }).from(withdrawals).where(where),
  );
}
