import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { accountIdOf, type AccountRef } from './accounts.ts';
import { ledgerTransfers } from './tables.ts';

/** Sum and number of the transfers of one kind debited from an account since a moment (daily limits). */
export async function debitedSince(
  executor: Executor,
  query: { debit: AccountRef; kind: string; since: Date },
): Promise<{ amount: number; count: number }> {
  const [row] = await executor
    .select({
      amount: sql<number>`coalesce(sum(${ledgerTransfers.amount}), 0)::bigint`.mapWith(Number),
      count: count(),
    })
    .from(ledgerTransfers)
    .where(
      and(
        eq(ledgerTransfers.debitAccountId, accountIdOf(query.debit)),
        eq(ledgerTransfers.kind, query.kind),
        gte(ledgerTransfers.createdAt, query.since),
      ),
    );
  return { amount: row?.amount ?? 0, count: row?.count ?? 0 };
}
