import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payoutMethods } from './tables.ts';

/**
 * Erases a cancelled account's payout methods: the full account, the holder's name, the bank and
 * the receive code go; the masked account stays, as the past withdrawals that were paid to it show.
 */
export async function erasePayoutMethods(executor: Executor, userId: number, at: Date): Promise<void> {
  await executor
    .update(payoutMethods)
    .set({
      account: sql`'erased:' || ${payoutMethods.id}`,
      holderName: '',
      bankName: null,
      qrImage: null,
      updatedAt: at,
      deletedAt: sql`coalesce(${payoutMethods.deletedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(payoutMethods.userId, userId));
}
