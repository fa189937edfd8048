import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  ACCOUNT_CANCEL_COOLING_OFF_DAYS,
  ACCOUNT_CANCEL_COOLING_OFF_SECONDS,
  accountCancellationProcess,
  accountCancellationStateLabels,
  ErrorCodes,
  openAccountCancellationStates,
  type AccountCancelCondition,
  type AccountCancelStatus,
  type AccountCancellationState,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { lockForTransaction } from '../../lib/locks.ts';
import { addSeconds } from '../../lib/time.ts';
import { eraseChatContent } from '../chat/index.ts';
import { eraseFeedback } from '../feedback/index.ts';
import { eraseEvaluationTexts } from '../evaluations/index.ts';
import { anonymiseStore, eraseBrowsingData, eraseReviewTexts } from '../goods/index.ts';
import {
  eraseAccount,
  findUser,
  maskPhone,
  type SessionService,
  type SmsService,
} from '../identity/index.ts';
import type { JobRunner } from '../jobs/index.ts';
import { eraseInbox, notify } from '../notifications/index.ts';
import { erasePayoutMethods } from '../payout-methods/index.ts';
import { erasePersonalData } from '../personal/index.ts';
import { forgetPersonalUploads, REMOVE_STORED_OBJECTS_QUEUE } from '../storage/index.ts';
import { erasePrivacySettings } from '../privacy/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import { eraseRealName } from '../real-name/index.ts';
import { checkConditions, unmetSummary } from './conditions.ts';
import { accountCancellations } from './tables.ts';

/** The delayed job that ends a cooling-off (it re-checks the conditions, then erases or withdraws). */
export const ACCOUNT_CANCEL_COMPLETE_JOB = 'account-cancellation-complete';

type CancellationRow = typeof accountCancellations.$inferSelect;

export interface CancellationServiceDeps {
  db: Database;
  now: () => Date;
  processes: ProcessEngine;
  sms: SmsService;
  sessions: SessionService;
  jobs: JobRunner;
}

const LOGIN_WITHDRAW_REASON = '你在注销冷静期内登录了账号，注销申请已自动撤销';
const OWNER_WITHDRAW_REASON = '你已撤销注销申请';
const process = accountCancellationProcess;

/**
 * Account cancellation: the conditions, the SMS-confirmed request, the cooling-off that a login
 * withdraws, and the erasure of personal data when it ends (docs/account-cancellation.md).
 */
export function createCancellationService(deps: CancellationServiceDeps) {
  const { db, now, processes } = deps;
  const lockUser = (tx: Executor, userId: number) => lockForTransaction(tx, `account-cancellation:${userId}`);

  const openRequestOf = async (tx: Executor, userId: number): Promise<CancellationRow | undefined> =>
    (
      await tx
        .select()
        .from(accountCancellations)
        .where(
          and(
            eq(accountCancellations.userId, userId),
            inArray(accountCancellations.state, [...openAccountCancellationStates]),
          ),
        )
        .for('update')
    )[0];

  const latestRequestOf = async (tx: Executor, userId: number): Promise<CancellationRow | undefined> =>
    (
      await tx
        .select()
        .from(accountCancellations)
        .where(eq(accountCancellations.userId, userId))
        .orderBy(desc(accountCancellations.id))
        .limit(1)
    )[0];

  async function phoneOfUser(tx: Executor, userId: number): Promise<string> {
    const user = await findUser(tx, { id: userId });
    if (!user) throw new AppError(ErrorCodes.NOT_FOUND);
    return user.phone;
  }

  async function move(
    tx: Executor,
    row: CancellationRow,
    action: keyof typeof process.transitions,
    actor: ProcessActor,
    options: { conditionsMet?: boolean; reason?: string } = {},
  ): Promise<AccountCancellationState> {
    return processes.applyTransition(tx, {
      process,
      subjectId: row.id,
      ownerId: row.userId,
      from: row.state,
      action,
      actor,
      guards: { conditions_met: options.conditionsMet ?? false },
      ...(options.reason ? { reason: options.reason } : {}),
    });
  }

  async function close(
    tx: Executor,
    row: CancellationRow,
    to: AccountCancellationState,
    reason: string,
  ): Promise<void> {
    await tx
      .update(accountCancellations)
      .set({ state: to, closedAt: now(), withdrawReason: reason })
      .where(and(eq(accountCancellations.id, row.id), eq(accountCancellations.state, row.state)));
  }

  async function status(executor: Executor, userId: number): Promise<AccountCancelStatus> {
    const row = await latestRequestOf(executor, userId);
    const conditions = await checkConditions(executor, userId);
    const phone = await phoneOfUser(executor, userId);
    const at = now();
    const coolingOff = row?.state === 'cooling_off' && row.completeAt !== null;
    return {
      state: row?.state ?? 'none',
      state_label: row ? accountCancellationStateLabels[row.state] : '未申请',
      phone_masked: maskPhone(phone),
      cooling_off_days: ACCOUNT_CANCEL_COOLING_OFF_DAYS,
      conditions,
      all_met: conditions.every((item) => item.met),
      requested_at: row ? row.requestedAt.toISOString() : null,
      complete_at: coolingOff && row.completeAt ? row.completeAt.toISOString() : null,
      seconds_left:
        coolingOff && row.completeAt
          ? Math.max(0, Math.ceil((row.completeAt.getTime() - at.getTime()) / 1000))
          : null,
      withdraw_reason: row?.state === 'withdrawn' ? row.withdrawReason : '',
      timeline: row ? await processes.timeline(executor, process, row.id) : [],
    };
  }

  const refuseUnmet = (conditions: readonly AccountCancelCondition[]) =>
    new AppError(ErrorCodes.ACCOUNT_CANCEL_CONDITIONS_UNMET, unmetSummary(conditions), {
      data: { conditions },
    });

  /** Opens a request when every condition is met (or keeps the open one) and sends the SMS code. */
  async function request(userId: number, ip: string) {
    const phone = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const open = await openRequestOf(tx, userId);
      if (open?.state === 'cooling_off')
        throw new AppError(ErrorCodes.ACCOUNT_CANCEL_STATE_INVALID, '注销申请已确认，正在冷静期中');
      const conditions = await checkConditions(tx, userId);
      if (!conditions.every((item) => item.met)) throw refuseUnmet(conditions);
      if (!open) {
        const [row] = await tx
          .insert(accountCancellations)
          .values({ userId, state: process.initial, requestedAt: now() })
          .returning();
        if (!row) throw new Error('account cancellation not inserted');
        await processes.start(tx, { process, subjectId: row.id, actor: { role: 'owner', userId } });
      }
      return phoneOfUser(tx, userId);
    });
    const sent = await deps.sms.sendCode({ phone, scene: 'destroy_account', ip });
    return { ...(await status(db, userId)), sms_cooldown: sent.cooldown };
  }

  /** Checks the SMS code and starts the cooling-off; every other session of the user ends. */
  async function confirm(userId: number, sessionId: number, code: string) {
    const outcome = await db.transaction(async (tx) => {
      // The phone's lock before the user's, as a login takes them: the two cannot deadlock.
      const checked = await deps.sms.consumeCode(tx, {
        phone: await phoneOfUser(tx, userId),
        scene: 'destroy_account',
        code,
      });
      await lockUser(tx, userId);
      const open = await openRequestOf(tx, userId);
      if (!open) throw new AppError(ErrorCodes.ACCOUNT_CANCEL_NOT_REQUESTED);
      if (open.state !== 'requested')
        throw new AppError(ErrorCodes.ACCOUNT_CANCEL_STATE_INVALID, '注销申请已确认，正在冷静期中');
      if (!checked.ok) return checked;
      const conditions = await checkConditions(tx, userId);
      if (!conditions.every((item) => item.met)) throw refuseUnmet(conditions);
      const to = await move(tx, open, 'confirm', { role: 'owner', userId }, { conditionsMet: true });
      const at = now();
      const completeAt = addSeconds(at, ACCOUNT_CANCEL_COOLING_OFF_SECONDS);
      await tx
        .update(accountCancellations)
        .set({ state: to, confirmedAt: at, completeAt })
        .where(and(eq(accountCancellations.id, open.id), eq(accountCancellations.state, open.state)));
      await deps.sessions.revokeOthersOf(tx, userId, sessionId);
      await deps.jobs.send(
        ACCOUNT_CANCEL_COMPLETE_JOB,
        { requestId: open.id },
        { executor: tx, startAfter: completeAt, singletonKey: `account-cancellation:${open.id}` },
      );
      return { ok: true as const };
    });
    if (!outcome.ok) throw outcome.error;
    deps.sessions.ended(userId);
    return { ...(await status(db, userId)), sms_cooldown: null };
  }

  /** 撤销注销: the owner ends the open request. */
  async function withdraw(userId: number) {
    await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const open = await openRequestOf(tx, userId);
      if (!open) throw new AppError(ErrorCodes.ACCOUNT_CANCEL_NOT_REQUESTED);
      const to = await move(
        tx,
        open,
        'withdraw',
        { role: 'owner', userId },
        { reason: OWNER_WITHDRAW_REASON },
      );
      await close(tx, open, to, OWNER_WITHDRAW_REASON);
    });
    return { ...(await status(db, userId)), sms_cooldown: null };
  }

  /**
   * A login during an open request withdraws it, in the login's transaction; answers what the user
   * is told, or undefined when there was nothing to withdraw.
   */
  async function withdrawOnLogin(tx: Executor, userId: number): Promise<string | undefined> {
    await lockUser(tx, userId);
    const open = await openRequestOf(tx, userId);
    if (!open) return undefined;
    const to = await move(tx, open, 'withdraw', { role: 'owner', userId }, { reason: LOGIN_WITHDRAW_REASON });
    await close(tx, open, to, LOGIN_WITHDRAW_REASON);
    await notify(tx, {
      userId,
      kind: 'account',
      title: '注销申请已撤销',
      body: LOGIN_WITHDRAW_REASON,
      link: '/logoutAccount',
      at: now(),
    });
    return LOGIN_WITHDRAW_REASON;
  }

  /**
   * The end of a cooling-off (the job; the development route calls it too). Does nothing before
   * `complete_at` or once the request has moved on; re-checks the conditions and, if one holds
   * again, withdraws the request instead of erasing.
   */
  async function completeDue(requestId: number): Promise<AccountCancellationState | 'not_due' | 'stale'> {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(accountCancellations)
        .where(eq(accountCancellations.id, requestId))
        .for('update');
      if (row?.state !== 'cooling_off' || !row.completeAt) return { state: 'stale' as const };
      const at = now();
      if (row.completeAt.getTime() > at.getTime()) {
        // Run early (the database's clock ahead of ours): due again at its time, not forgotten.
        await deps.jobs.send(
          ACCOUNT_CANCEL_COMPLETE_JOB,
          { requestId: row.id },
          { executor: tx, startAfter: row.completeAt, singletonKey: `account-cancellation:${row.id}` },
        );
        return { state: 'not_due' as const };
      }
      const system: ProcessActor = { role: 'system', userId: null };
      const conditions = await checkConditions(tx, row.userId);
      if (!conditions.every((item) => item.met)) {
        const reason = `冷静期结束时账号仍有未完成事项，注销未执行。${unmetSummary(conditions)}`;
        const to = await move(tx, row, 'withdraw', system, { reason });
        await close(tx, row, to, reason);
        await notify(tx, {
          userId: row.userId,
          kind: 'account',
          title: '注销未完成',
          body: reason,
          link: '/logoutAccount',
          at,
        });
        return { state: to };
      }
      const to = await move(tx, row, 'complete', system, { conditionsMet: true });
      await eraseAccount(tx, row.userId, at);
      await eraseRealName(tx, row.userId);
      await erasePayoutMethods(tx, row.userId, at);
      await anonymiseStore(tx, row.userId);
      await erasePersonalData(tx, row.userId);
      await erasePrivacySettings(tx, row.userId);
      await eraseBrowsingData(tx, row.userId);
      await eraseReviewTexts(tx, row.userId);
      await eraseEvaluationTexts(tx, row.userId);
      await eraseFeedback(tx, row.userId);
      await eraseChatContent(tx, row.userId, at);
      await eraseInbox(tx, row.userId);
      const uploadKeys = await forgetPersonalUploads(tx, row.userId);
      // The files go once this transaction committed (a rollback keeps them with their rows).
      if (uploadKeys.length > 0)
        await deps.jobs.send(REMOVE_STORED_OBJECTS_QUEUE, { keys: uploadKeys }, { executor: tx });
      await close(tx, row, to, '');
      return { state: to, erasedUserId: row.userId };
    });
    // The session kept through the cooling-off ended with the account.
    if (outcome.erasedUserId !== undefined) deps.sessions.ended(outcome.erasedUserId);
    return outcome.state;
  }

  /** Development only: ends the user's cooling-off now, through the same step as the job. */
  async function elapseNow(phone: string) {
    const user = await findUser(db, { phone });
    const open = user ? await latestRequestOf(db, user.id) : undefined;
    if (open?.state !== 'cooling_off') throw new AppError(ErrorCodes.ACCOUNT_CANCEL_NOT_REQUESTED);
    await db
      .update(accountCancellations)
      .set({ completeAt: now() })
      .where(and(eq(accountCancellations.id, open.id), eq(accountCancellations.state, 'cooling_off')));
    return { state: await completeDue(open.id) };
  }

  return { status, request, confirm, withdraw, withdrawOnLogin, completeDue, elapseNow };
}

export type CancellationService = ReturnType<typeof createCancellationService>;
