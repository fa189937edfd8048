import { eq } from 'drizzle-orm';
import { ErrorCodes } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { phoneOf } from '../identity/index.ts';
import { realNameVerifications } from './tables.ts';

/**
 * Refuses with 4301 (SPEC §8: the client opens real-name verification) unless the user has
 * verified their identity. Call it inside the transaction that does the guarded work.
 */
export async function assertRealNameVerified(db: Executor, userId: number): Promise<void> {
  const [row] = await db
    .select({ userId: realNameVerifications.userId })
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, userId));
  if (!row) throw new AppError(ErrorCodes.REAL_NAME_REQUIRED);
}

/**
 * Refuses with 4302 (SPEC §8: the client opens phone binding) unless the account has a phone
 * proven by an SMS code. Today every account is created by SMS login, so this holds for all of
 * them; it is the one place to tighten when a phone-less login (WeChat, native) arrives.
 */
export async function assertPhoneBound(db: Executor, userId: number): Promise<void> {
  if (!/^1\d{10}$/.test(await phoneOf(db, userId))) throw new AppError(ErrorCodes.PHONE_BINDING_REQUIRED);
}
