import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { heldDepositFen } from './sincerity-queries.ts';
import { sincerityPenalties } from './tables.ts';

/** What the user's sincerity deposit still holds and owes, in fen (account cancellation). */
export async function sincerityOpenFen(
  executor: Executor,
  userId: number,
): Promise<{ heldFen: number; pendingPenaltyFen: number }> {
  const [row] = await executor
    .select({ value: sql<string>`coalesce(sum(${sincerityPenalties.amount}), 0)::text` })
    .from(sincerityPenalties)
    .where(and(eq(sincerityPenalties.userId, userId), eq(sincerityPenalties.status, 'pending')));
  return { heldFen: await heldDepositFen(executor, userId), pendingPenaltyFen: Number(row?.value ?? 0) };
}
