import { and, count, eq, notInArray } from 'drizzle-orm';
import { finalWithdrawalStatuses } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { withdrawals } from './tables.ts';

/** The user's withdrawals still under review or being paid (account cancellation). */
export async function pendingWithdrawalCountOf(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(withdrawals)
    .where(and(eq(withdrawals.userId, userId), notInArray(withdrawals.status, [...finalWithdrawalStatuses])));
  return row?.value ?? 0;
}
