import { count, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { credentialsContext, createCredentialsVault } from './handover-crypto.ts';
import { orderCredentials } from './handover-tables.ts';

export interface ResealOutcome {
  currentKeyId: string;
  /** Records sealed with an older key and sealed again with the current one now. */
  resealed: number;
  /** Every record, all now under the current key. */
  total: number;
}

/**
 * Key rotation of ORDER_CREDENTIALS_KEYS, step two: after a new key was put first in the ring (new
 * hand-overs use it; old records still open with theirs), every record under an older key is opened
 * and sealed again with the current key, in the caller's transaction, so the old key can then leave
 * the ring. A record that no longer opens (unknown key, altered bytes) fails the whole run: nothing
 * is half re-sealed.
 */
export async function resealCredentials(executor: Executor, keyRing: string): Promise<ResealOutcome> {
  const vault = createCredentialsVault(keyRing);
  const stale = await executor
    .select()
    .from(orderCredentials)
    .where(ne(orderCredentials.keyId, vault.currentKeyId))
    .orderBy(orderCredentials.orderId)
    .for('update');
  for (const row of stale) {
    const context = credentialsContext(row.orderId);
    const sealed = vault.seal(vault.open(row, context), context);
    await executor.update(orderCredentials).set(sealed).where(eq(orderCredentials.orderId, row.orderId));
  }
  const [all] = await executor.select({ value: count() }).from(orderCredentials);
  return { currentKeyId: vault.currentKeyId, resealed: stale.length, total: all?.value ?? 0 };
}
