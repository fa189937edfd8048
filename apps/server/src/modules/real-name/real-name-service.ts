import { and, count, eq, gte } from 'drizzle-orm';
import {
  ErrorCodes,
  maskIdNumber,
  maskRealName,
  normalizeRealName,
  REAL_NAME_DAILY_ATTEMPTS,
  REAL_NAME_MIN_AGE,
  realNameProcess,
  type ErrorCode,
  type RealNameSnapshot,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import { startOfChinaDay } from '../../lib/time.ts';
import type { ProcessEngine } from '../process/index.ts';
import {
  checkForm,
  createBuiltinRealNameProvider,
  type RealNameInput,
  type RealNameOutcome,
  type RealNameProvider,
} from './real-name-provider.ts';
import { realNameAttempts, realNameVerifications } from './tables.ts';
import { lockForTransaction } from '../../lib/locks.ts';

const refusalCodes: Record<Exclude<RealNameOutcome, { ok: true }>['refusal'], ErrorCode> = {
  id_invalid: ErrorCodes.REAL_NAME_ID_INVALID,
  name_invalid: ErrorCodes.REAL_NAME_NAME_INVALID,
  minor: ErrorCodes.REAL_NAME_MINOR,
  mismatch: ErrorCodes.REAL_NAME_MISMATCH,
  unavailable: ErrorCodes.REAL_NAME_PROVIDER_FAILED,
};

function refusalError(outcome: Exclude<RealNameOutcome, { ok: true }>): AppError {
  return new AppError(
    refusalCodes[outcome.refusal],
    outcome.message,
    outcome.field ? { field: outcome.field } : {},
  );
}

export interface RealNameServiceDeps {
  db: Database;
  provider: RealNameProvider;
  /** Key of the ID-number and name hashes (a server secret, never stored with the data). */
  secret: string;
  now: () => Date;
  processes: ProcessEngine;
}

export function createRealNameService(deps: RealNameServiceDeps) {
  const { db, provider, now, processes } = deps;
  const idNumberHash = (idNumber: string) => hmac(deps.secret, `real-name:id:${idNumber}`);
  const nameHash = (name: string) => hmac(deps.secret, `real-name:name:${normalizeRealName(name)}`);

  const attemptsToday = async (executor: Executor, userId: number) => {
    const [row] = await executor
      .select({ value: count() })
      .from(realNameAttempts)
      .where(
        and(eq(realNameAttempts.userId, userId), gte(realNameAttempts.createdAt, startOfChinaDay(now()))),
      );
    return row?.value ?? 0;
  };
  const verificationOf = async (executor: Executor, userId: number) =>
    (await executor.select().from(realNameVerifications).where(eq(realNameVerifications.userId, userId)))[0];

  async function snapshot(userId: number): Promise<RealNameSnapshot> {
    const verification = await verificationOf(db, userId);
    const used = await attemptsToday(db, userId);
    return {
      verified: Boolean(verification),
      name_masked: verification?.nameMasked ?? '',
      id_number_masked: verification?.idNumberMasked ?? '',
      verified_at: verification?.verifiedAt.toISOString() ?? null,
      attempts_left: Math.max(0, REAL_NAME_DAILY_ATTEMPTS - used),
      min_age: REAL_NAME_MIN_AGE,
    };
  }

  /**
   * Form refusals (name, number, minor) write nothing and do not count. Each provider check counts
   * towards the daily limit, and its attempt row is kept even when the outcome is a refusal.
   */
  async function submit(userId: number, input: RealNameInput): Promise<RealNameSnapshot> {
    if (await verificationOf(db, userId)) throw new AppError(ErrorCodes.REAL_NAME_ALREADY_VERIFIED);
    const form = checkForm(input, now());
    if (!form.ok) throw refusalError(form);
    if ((await attemptsToday(db, userId)) >= REAL_NAME_DAILY_ATTEMPTS)
      throw new AppError(ErrorCodes.REAL_NAME_DAILY_LIMIT);

    let checked: RealNameOutcome;
    try {
      checked = await provider.verify(input);
    } catch {
      throw new AppError(ErrorCodes.REAL_NAME_PROVIDER_FAILED);
    }
    if (!checked.ok && checked.refusal === 'unavailable') throw refusalError(checked);

    const hash = idNumberHash(input.idNumber);
    const failure = await db.transaction(async (tx) => {
      await lockForTransaction(tx, `real-name:user:${userId}`);
      if (await verificationOf(tx, userId)) return new AppError(ErrorCodes.REAL_NAME_ALREADY_VERIFIED);
      if ((await attemptsToday(tx, userId)) >= REAL_NAME_DAILY_ATTEMPTS)
        return new AppError(ErrorCodes.REAL_NAME_DAILY_LIMIT);
      await lockForTransaction(tx, `real-name:id:${hash}`);
      const [holder] = await tx
        .select({ userId: realNameVerifications.userId })
        .from(realNameVerifications)
        .where(eq(realNameVerifications.idNumberHash, hash));
      const outcome = !checked.ok ? checked.refusal : holder ? 'id_used' : 'verified';
      await tx.insert(realNameAttempts).values({ userId, outcome, createdAt: now() });
      if (!checked.ok) return refusalError(checked);
      if (holder) return new AppError(ErrorCodes.REAL_NAME_ID_USED, undefined, { field: 'id_number' });
      // The subject of the real-name process is the user; its state is whether a verification exists.
      await processes.applyTransition(tx, {
        process: realNameProcess,
        subjectId: userId,
        ownerId: userId,
        from: 'unverified',
        action: 'verify',
        actor: { role: 'owner', userId },
        metadata: { provider: provider.name },
      });
      await tx.insert(realNameVerifications).values({
        userId,
        nameMasked: maskRealName(input.name),
        nameHash: nameHash(input.name),
        idNumberMasked: maskIdNumber(input.idNumber),
        idNumberHash: hash,
        provider: provider.name,
        verifiedAt: now(),
      });
      return undefined;
    });
    if (failure) throw failure;
    return snapshot(userId);
  }

  /** Whether a name (payout holder) is the user's verified real name; undefined before verification. */
  async function nameMatches(executor: Executor, userId: number, name: string): Promise<boolean | undefined> {
    const verification = await verificationOf(executor, userId);
    if (!verification) return undefined;
    return safeEqual(verification.nameHash, nameHash(name));
  }

  return { snapshot, submit, nameMatches };
}

export type RealNameService = ReturnType<typeof createRealNameService>;

/** The service with the built-in provider and the app's secret (one place for every module). */
export function realNameServiceFor(
  app: { db: Database; config: { SESSION_SECRET: string }; processes: ProcessEngine },
  now: () => Date,
) {
  return createRealNameService({
    db: app.db,
    processes: app.processes,
    provider: createBuiltinRealNameProvider(now),
    secret: app.config.SESSION_SECRET,
    now,
  });
}
