import { and, eq, isNull } from 'drizzle-orm';
import { CANCELLED_USER_NICKNAME } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { devices, sessions, userRoles, users } from './tables.ts';

/** What a cancelled account's phone becomes: unique, not a phone, so the number can register again. */
export const cancelledPhoneOf = (userId: number) => `cancelled_${userId}`;

/**
 * Erases the identity of a cancelled account in the caller's transaction: the phone is freed (the
 * row keeps a placeholder, so orders and the ledger still point at a user), nickname and avatar go,
 * every session ends, devices forget the user and staff roles are dropped. After the commit the
 * caller calls `SessionService.ended(userId)`.
 */
export async function eraseAccount(executor: Executor, userId: number, at: Date): Promise<void> {
  await executor
    .update(users)
    .set({
      phone: cancelledPhoneOf(userId),
      nickname: CANCELLED_USER_NICKNAME,
      avatar: '',
      status: 'cancelled',
    })
    .where(eq(users.id, userId));
  await executor
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await executor.update(devices).set({ userId: null }).where(eq(devices.userId, userId));
  await executor.delete(userRoles).where(eq(userRoles.userId, userId));
}
