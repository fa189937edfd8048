import { eq } from 'drizzle-orm';
import { ErrorCodes, type BindStatus, type SmsResponse } from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  maskPhone,
  phoneOf,
  phoneTakenByOther,
  setPhone,
  type SessionService,
  type SmsService,
} from '../identity/index.ts';
import { assertPhoneBound } from './guards.ts';
import { phoneBindingChanges, realNameVerifications } from './tables.ts';

export interface PhoneBindingDeps {
  db: Database;
  sms: SmsService;
  sessions: SessionService;
  now: () => Date;
}

/** Binding (or changing) the account's phone: a code to the new phone proves it is the user's. */
export function createPhoneBindingService(deps: PhoneBindingDeps) {
  const { db, sms, sessions, now } = deps;

  async function assertBindable(executor: Executor, userId: number, phone: string): Promise<string> {
    const current = await phoneOf(executor, userId);
    if (current === phone)
      throw new AppError(ErrorCodes.PHONE_SAME_AS_CURRENT, undefined, { field: 'phone' });
    if (await phoneTakenByOther(executor, phone, userId))
      throw new AppError(ErrorCodes.PHONE_BOUND_TO_OTHER, undefined, { field: 'phone' });
    return current;
  }

  async function status(userId: number): Promise<BindStatus> {
    const phone = await phoneOf(db, userId);
    const bound = await assertPhoneBound(db, userId).then(
      () => true,
      () => false,
    );
    const [verified] = await db
      .select({ userId: realNameVerifications.userId })
      .from(realNameVerifications)
      .where(eq(realNameVerifications.userId, userId));
    return {
      phone_bound: bound,
      phone_masked: bound ? maskPhone(phone) : '',
      real_name_verified: Boolean(verified),
    };
  }

  async function sendCode(userId: number, phone: string, ip: string): Promise<SmsResponse> {
    await assertBindable(db, userId, phone);
    return sms.sendCode({ phone, scene: 'bind_phone', ip });
  }

  /**
   * A new phone is a new login credential: every other session of the user ends in the same
   * transaction (whoever held the old phone's sessions is out); the caller's own session stays.
   */
  async function bind(
    caller: { userId: number; sessionId: number },
    phone: string,
    code: string,
  ): Promise<BindStatus> {
    const { userId } = caller;
    const failure = await db.transaction(async (tx) => {
      // consumeCode holds the phone's lock until commit, so two accounts cannot bind one phone.
      const check = await sms.consumeCode(tx, { phone, scene: 'bind_phone', code });
      if (!check.ok) return check.error;
      const previous = await assertBindable(tx, userId, phone);
      await setPhone(tx, userId, phone);
      await tx.insert(phoneBindingChanges).values({
        userId,
        oldPhoneMasked: previous ? maskPhone(previous) : '',
        newPhoneMasked: maskPhone(phone),
        createdAt: now(),
      });
      await sessions.revokeOthersOf(tx, userId, caller.sessionId);
      return undefined;
    });
    if (failure) throw failure;
    sessions.ended(userId);
    return status(userId);
  }

  return { status, sendCode, bind };
}

export type PhoneBindingService = ReturnType<typeof createPhoneBindingService>;
