import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { autoWithdrawalSettings, withdrawals } from './tables.ts';

/** Withdrawal states in which the money is still on its way to the method. */
const unfinishedWithdrawalStatuses = ['pending_review', 'approved', 'paying'] as const;

/** Ids among the user's payout methods that an unfinished withdrawal or the enabled auto-withdrawal uses. */
export async function payoutMethodsInUse(executor: Executor, userId: number): Promise<Set<number>> {
  const pending = await executor
    .selectDistinct({ id: withdrawals.payoutMethodId })
    .from(withdrawals)
    .where(
      and(eq(withdrawals.userId, userId), inArray(withdrawals.status, [...unfinishedWithdrawalStatuses])),
    );
  const auto = await executor
    .select({ id: autoWithdrawalSettings.payoutMethodId })
    .from(autoWithdrawalSettings)
    .where(and(eq(autoWithdrawalSettings.userId, userId), eq(autoWithdrawalSettings.enabled, true)));
  return new Set([...pending, ...auto].map((row) => row.id));
}
