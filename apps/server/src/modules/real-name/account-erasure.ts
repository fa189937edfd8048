import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { phoneBindingChanges, realNameVerifications } from './tables.ts';

/**
 * Deletes a cancelled account's verified identity (the masked name and ID number and their keyed
 * hashes, which frees the ID number for another account) and its phone-change trail.
 */
export async function eraseRealName(executor: Executor, userId: number): Promise<void> {
  await executor.delete(realNameVerifications).where(eq(realNameVerifications.userId, userId));
  await executor.delete(phoneBindingChanges).where(eq(phoneBindingChanges.userId, userId));
}
