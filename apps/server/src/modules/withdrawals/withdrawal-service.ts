import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  arrivalTexts,
  canTake,
  ErrorCodes,
  feeSchedule,
  fenToAmount,
  quickRemitRule,
  withdrawalLimits,
  withdrawalProcess,
  withdrawalStatusLabels,
  type PayoutMethodSummary,
  type Withdrawal,
  type WithdrawalAction,
  type WithdrawAlert,
  type WithdrawalDetail,
  type WithdrawalListQuery,
  type WithdrawalMode,
  type WithdrawPage,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { postgresErrorOf } from '../../lib/sql-rows.ts';
import { ledger } from '../ledger/index.ts';
import {
  getPayoutMethodForUser,
  payoutMethodSummaries,
  type PayoutMethodForPayout,
} from '../payout-methods/index.ts';
import { assertPhoneBound, assertRealNameVerified } from '../real-name/index.ts';
import type { PayoutProvider, PayoutResult } from './payout-provider.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import { withdrawals } from './tables.ts';
import { pageOfWithdrawals } from './withdrawal-pages.ts';
import { checkLimits, feeOf, freeQuotaLeft, ruleTexts, todayUsage } from './withdrawal-rules.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

export interface WithdrawalServiceDeps {
  db: Database;
  now: () => Date;
  provider: PayoutProvider;
  processes: ProcessEngine;
}

export interface CreateWithdrawalInput {
  amountFen: number;
  methodId: number;
  mode: WithdrawalMode;
  /** Automatic withdrawals: the China-time day they belong to (one per user and day). */
  autoDay?: string;
}

const LOCK_NAMESPACE = 4200;
const reference = (id: number) => ({ type: 'withdrawal', id });
const payoutReference = (id: number) => `withdrawal:${id}`;

/** Serialises one user's withdrawal requests, so the daily limits hold under parallel requests. */
const lockUser = (tx: Executor, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(${LOCK_NAMESPACE}, ${userId % 2_147_483_647}::int)`);

const summaryOf = (method: PayoutMethodForPayout): PayoutMethodSummary => ({
  id: method.id,
  type: method.type,
  account_masked: method.accountMasked,
  holder_name: method.holderName,
});

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amount: fenToAmount(row.amountFen),
    fee: fenToAmount(row.feeFen),
    received: fenToAmount(row.receivedFen),
    mode: row.mode,
    status: row.status,
    status_text: withdrawalStatusLabels[row.status],
    method: { type: row.methodType, account_masked: row.accountMasked, holder_name: row.holderName },
    reject_reason: row.rejectReason,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

export const arrivalOf = (mode: WithdrawalMode) =>
  mode === 'quick' ? arrivalTexts.quick : arrivalTexts.normal;

export function createWithdrawalService(deps: WithdrawalServiceDeps) {
  const { db, now, provider, processes } = deps;
  const system: ProcessActor = { role: 'system', userId: null };

  /** Live payout methods of the user, newest first (summaries only, never the full account). */
  async function methodSummaries(executor: Executor, userId: number): Promise<PayoutMethodSummary[]> {
    return payoutMethodSummaries(executor, userId);
  }

  async function paidCount(executor: Executor, userId: number): Promise<number> {
    const [row] = await executor
      .select({ value: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 'paid')));
    return row?.value ?? 0;
  }

  /** Why a user may not use quick remit, or '' when they may. */
  async function quickRemitRefusal(executor: Executor, userId: number): Promise<string> {
    try {
      await assertRealNameVerified(executor, userId);
    } catch {
      return '完成实名认证后可用';
    }
    return (await paidCount(executor, userId)) > 0 ? '' : '成功提现过一次后可用';
  }

  /** Everything the checks of a withdrawal need, refused in the order the client expects. */
  async function vet(executor: Executor, userId: number, input: CreateWithdrawalInput) {
    await assertRealNameVerified(executor, userId);
    await assertPhoneBound(executor, userId);
    const usage = await todayUsage(executor, userId, now());
    checkLimits(input.amountFen, input.mode, usage);
    if (input.mode === 'quick') {
      const refusal = await quickRemitRefusal(executor, userId);
      if (refusal) throw new AppError(ErrorCodes.QUICK_REMIT_NOT_ELIGIBLE, `暂不能使用快捷转账：${refusal}`);
    }
    const method = await getPayoutMethodForUser(executor, userId, input.methodId);
    const feeFen = feeOf(input.amountFen, input.mode, usage);
    return { usage, method, feeFen, receivedFen: input.amountFen - feeFen };
  }

  async function page(userId: number): Promise<WithdrawPage> {
    const [balances, usage, methods, refusal] = await Promise.all([
      ledger.balances(db, userId),
      todayUsage(db, userId, now()),
      methodSummaries(db, userId),
      quickRemitRefusal(db, userId),
    ]);
    const fee = feeSchedule.withdrawal;
    return {
      available: fenToAmount(balances.available),
      frozen: fenToAmount(balances.frozen),
      fee_rule: {
        rate_bp: fee.rateBp,
        min_fee: fenToAmount(fee.minFen),
        daily_free_quota: fenToAmount(fee.dailyFreeQuotaFen),
        free_quota_left: fenToAmount(freeQuotaLeft(usage)),
      },
      min_amount: fenToAmount(withdrawalLimits.minFen),
      max_amount: fenToAmount(withdrawalLimits.maxFen),
      daily_max_count: withdrawalLimits.dailyMaxCount,
      daily_max_amount: fenToAmount(withdrawalLimits.dailyMaxFen),
      today_count: usage.count,
      today_amount: fenToAmount(usage.amountFen),
      methods,
      quick_remit: {
        eligible: refusal === '',
        reason: refusal,
        rate_bp: quickRemitRule.rateBp,
        min_fee: fenToAmount(quickRemitRule.minFeeFen),
        max_amount: fenToAmount(quickRemitRule.maxFen),
      },
      rules: ruleTexts(),
    };
  }

  async function alert(userId: number, input: CreateWithdrawalInput): Promise<WithdrawAlert> {
    const { method, feeFen, receivedFen } = await vet(db, userId, input);
    const { available } = await ledger.balances(db, userId);
    if (available < input.amountFen) throw new AppError(ErrorCodes.INSUFFICIENT_BALANCE, '可提现余额不足');
    return {
      amount: fenToAmount(input.amountFen),
      fee: fenToAmount(feeFen),
      received: fenToAmount(receivedFen),
      mode: input.mode,
      arrival: arrivalOf(input.mode),
      method: summaryOf(method),
      rules: ruleTexts(),
    };
  }

  /**
   * Moves a locked withdrawal along its process (the engine refuses what the table does not allow,
   * and staff acting on their own withdrawal) and records it. The caller has selected the row FOR
   * UPDATE in `tx`.
   */
  async function transition(
    tx: Executor,
    row: WithdrawalRow,
    action: WithdrawalAction,
    actor: ProcessActor,
    changes: Partial<typeof withdrawals.$inferInsert> = {},
    reason = '',
  ): Promise<WithdrawalRow> {
    const to = await processes.applyTransition(tx, {
      process: withdrawalProcess,
      subjectId: row.id,
      ownerId: row.userId,
      from: row.status,
      action,
      actor,
      ...(reason ? { reason } : {}),
    });
    const [updated] = await tx
      .update(withdrawals)
      .set({ ...changes, status: to, updatedAt: now() })
      .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, row.status)))
      .returning();
    if (!updated) throw new AppError(ErrorCodes.WITHDRAWAL_STATE_INVALID);
    return updated;
  }

  /** Frozen money back to available: cancelled, rejected or failed. */
  const release = (tx: Executor, row: WithdrawalRow, why: 'cancel' | 'reject' | 'fail') =>
    ledger.post(tx, {
      debit: { kind: 'user_frozen', userId: row.userId },
      credit: { kind: 'user_available', userId: row.userId },
      amount: row.amountFen,
      kind: `withdrawal.${why === 'fail' ? 'payout_failed' : why}`,
      reference: reference(row.id),
      idempotencyKey: `withdrawal:${row.id}:release`,
    });

  async function lockRow(tx: Executor, id: number, where?: SQL): Promise<WithdrawalRow | undefined> {
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(where ? and(eq(withdrawals.id, id), where) : eq(withdrawals.id, id))
      .for('update');
    return row;
  }

  /**
   * Creates a withdrawal and freezes its amount in one transaction (status pending_review). A
   * quick remit is approved by the system in the same transaction and dispatched after commit.
   */
  async function create(userId: number, input: CreateWithdrawalInput): Promise<WithdrawalRow> {
    const row = await db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const { method, feeFen, receivedFen } = await vet(tx, userId, input);
      const { available } = await ledger.balances(tx, userId);
      if (available < input.amountFen) throw new AppError(ErrorCodes.INSUFFICIENT_BALANCE, '可提现余额不足');
      const at = now();
      const [inserted] = await tx
        .insert(withdrawals)
        .values({
          userId,
          mode: input.mode,
          status: 'pending_review',
          amountFen: input.amountFen,
          feeFen,
          receivedFen,
          payoutMethodId: method.id,
          methodType: method.type,
          accountMasked: method.accountMasked,
          holderName: method.holderName,
          autoDay: input.autoDay ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .returning();
      if (!inserted) throw new AppError(ErrorCodes.INTERNAL_ERROR);
      await processes.start(tx, {
        process: withdrawalProcess,
        subjectId: inserted.id,
        actor: input.mode === 'auto' ? system : { role: 'owner', userId },
      });
      let current = inserted;
      if (input.mode === 'quick') {
        current = await transition(tx, inserted, 'approve', system, { reviewedAt: at }, '快捷转账免审核');
      }
      await ledger.post(tx, {
        debit: { kind: 'user_available', userId },
        credit: { kind: 'user_frozen', userId },
        amount: input.amountFen,
        kind: 'withdrawal.freeze',
        reference: reference(inserted.id),
        idempotencyKey: `withdrawal:${inserted.id}:freeze`,
        metadata: { fee_fen: feeFen, mode: input.mode },
      });
      return current;
    });
    if (!canTake(withdrawalProcess, row.status, 'pay', ['system'])) return row;
    await dispatchSoon(row.id);
    const [dispatched] = await db.select().from(withdrawals).where(eq(withdrawals.id, row.id));
    return dispatched ?? row;
  }

  async function cancel(userId: number, id: number): Promise<WithdrawalRow> {
    return db.transaction(async (tx) => {
      const row = await lockRow(tx, id, eq(withdrawals.userId, userId));
      if (!row) throw new AppError(ErrorCodes.WITHDRAWAL_NOT_FOUND);
      const updated = await transition(tx, row, 'cancel', { role: 'owner', userId }, {}, '用户取消');
      await release(tx, row, 'cancel');
      return updated;
    });
  }

  async function list(userId: number, query: WithdrawalListQuery & { page: number; page_size: number }) {
    const where = and(
      eq(withdrawals.userId, userId),
      query.status ? eq(withdrawals.status, query.status) : undefined,
      query.mode ? eq(withdrawals.mode, query.mode) : undefined,
    );
    const { rows, total } = await pageOfWithdrawals(db, where, query.page, query.page_size);
    return { list: rows.map(toWithdrawal), total, page: query.page, page_size: query.page_size };
  }

  const timelineOf = (executor: Executor, id: number) => processes.timeline(executor, withdrawalProcess, id);

  async function detail(userId: number, id: number): Promise<WithdrawalDetail> {
    const [row] = await db
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.id, id), eq(withdrawals.userId, userId)));
    if (!row) throw new AppError(ErrorCodes.WITHDRAWAL_NOT_FOUND);
    return { ...toWithdrawal(row), timeline: await timelineOf(db, id), arrival: arrivalOf(row.mode) };
  }

  /**
   * Hands an approved withdrawal to the payout provider and marks it paying. Safe to repeat: the
   * provider dedupes on our reference, and only an approved row moves on.
   */
  async function dispatch(id: number): Promise<void> {
    const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
    if (!row || !canTake(withdrawalProcess, row.status, 'pay', ['system'])) return;
    const method = await getPayoutMethodForUser(db, row.userId, row.payoutMethodId).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.errCode === ErrorCodes.PAYOUT_METHOD_NOT_FOUND) return null;
        throw error;
      },
    );
    if (!method) {
      // The method was deleted after approval: nothing can be paid, the money goes back.
      await db.transaction(async (tx) => {
        const locked = await lockRow(tx, id, eq(withdrawals.status, 'approved'));
        if (!locked) return;
        const paying = await transition(tx, locked, 'pay', system);
        await transition(tx, paying, 'fail', system, { failureReason: '收款方式已删除' }, '收款方式已删除');
        await release(tx, locked, 'fail');
      });
      return;
    }
    await provider.submit({
      reference: payoutReference(row.id),
      amountFen: row.receivedFen,
      methodType: method.type,
      account: method.account,
      accountMasked: method.accountMasked,
      holderName: method.holderName,
    });
    await db.transaction(async (tx) => {
      const locked = await lockRow(tx, id, eq(withdrawals.status, 'approved'));
      if (locked) await transition(tx, locked, 'pay', system, {}, '已提交打款渠道');
    });
  }

  /**
   * Dispatch right after the approval committed. A failure here (provider unreachable) must not
   * turn the committed approval into an error answer: the payout job retries approved rows.
   */
  async function dispatchSoon(id: number): Promise<void> {
    try {
      await dispatch(id);
    } catch {
      // Left approved; payoutTick dispatches it again.
    }
  }

  /** Books one payout result: paid (frozen → payout clearing + fee) or failed (frozen → available). */
  async function settle(result: PayoutResult): Promise<void> {
    const id = Number(result.reference.replace(/^withdrawal:/, ''));
    await db.transaction(async (tx) => {
      const row = await lockRow(tx, id);
      const action = result.status === 'succeeded' ? 'succeed' : 'fail';
      // Already booked (a re-delivered result): nothing to do.
      if (!row || !canTake(withdrawalProcess, row.status, action, ['system'])) return;
      if (result.status === 'succeeded') {
        await transition(tx, row, 'succeed', system, { paidAt: result.completedAt });
        const transfers: ledger.TransferInput[] = [
          {
            debit: { kind: 'user_frozen', userId: row.userId },
            credit: { kind: 'payout_clearing' },
            amount: row.receivedFen,
            kind: 'withdrawal.payout',
            reference: reference(row.id),
            idempotencyKey: `withdrawal:${row.id}:payout`,
          },
        ];
        if (row.feeFen > 0) {
          transfers.push({
            debit: { kind: 'user_frozen', userId: row.userId },
            credit: { kind: 'platform_fee' },
            amount: row.feeFen,
            kind: 'withdrawal.fee',
            reference: reference(row.id),
            idempotencyKey: `withdrawal:${row.id}:fee`,
          });
        }
        await ledger.postMany(tx, transfers);
      } else {
        await transition(
          tx,
          row,
          'fail',
          system,
          { failureReason: result.failureReason },
          result.failureReason,
        );
        await release(tx, row, 'fail');
      }
    });
    await provider.acknowledge(result.reference);
  }

  /** One pass of the payout job: provider work, approved rows dispatched, results booked. */
  async function payoutTick(): Promise<{ dispatched: number; settled: number }> {
    await provider.tick();
    const approved = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(eq(withdrawals.status, 'approved'))
      .orderBy(asc(withdrawals.id))
      .limit(100);
    for (const { id } of approved) await dispatch(id);
    const results = await provider.results(100);
    for (const result of results) await settle(result);
    return { dispatched: approved.length, settled: results.length };
  }

  return {
    page,
    alert,
    create,
    cancel,
    list,
    detail,
    dispatch,
    dispatchSoon,
    payoutTick,
    transition,
    release,
    lockRow,
    timelineOf,
    paidCount,
    methodSummaries,
  };
}

export type WithdrawalService = ReturnType<typeof createWithdrawalService>;

export const isUniqueViolation = (error: unknown) => postgresErrorOf(error)?.code === '23505';
