import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { privacySettings } from './tables.ts';

/** For account cancellation: the user's privacy switches go with the account. */
export async function erasePrivacySettings(executor: Executor, userId: number): Promise<void> {
  await executor.delete(privacySettings).where(eq(privacySettings.userId, userId));
}
