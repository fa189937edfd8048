import { and, count, desc, eq, gte, inArray, isNull, lte, or, sum } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import {
  canTake,
  ErrorCodes,
  fenToAmount,
  paymentChannelLabels,
  rechargeLimits,
  rechargeProcess,
  type Page,
  type PaymentChannel,
  type RechargeOrder,
  type RechargeStatus,
} from '@haoshi/contracts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { startOfChinaDay, addSeconds } from '../../lib/time.ts';
import { ledger } from '../ledger/index.ts';
import { findUser, maskPhone, usersByIds } from '../identity/index.ts';
import type { ProcessActor, ProcessEngine } from '../process/index.ts';
import type { PaidPayment, PaymentProvider, ProviderPaymentState } from './payment-provider.ts';
import { PAYMENT_EXPIRES_SECONDS } from './sandbox-gateway.ts';
import { recharges } from './tables.ts';
import { lockForTransaction } from '../../lib/locks.ts';

export type RechargeRow = typeof recharges.$inferSelect;

/** Pending this long without a notify, the provider is asked (WeChat Pay's advice: 5 minutes). */
export const ACTIVE_QUERY_AFTER_SECONDS = 300;
/** And asked again at most this often. */
const REQUERY_EVERY_SECONDS = 60;
const STALE_BATCH = 50;

/** Runs inside the transaction that credited a recharge (an order paid through the cashier). */
export type CreditListener = (tx: Executor, recharge: RechargeRow) => Promise<void>;

export type NotifyOutcome = { accepted: true; credited: boolean } | { accepted: false; reason: string };

export interface RechargeServiceOptions {
  db: Database;
  provider: PaymentProvider;
  now: () => Date;
  /** The absolute URL the provider posts notifies to, for a channel. */
  notifyUrl: (channel: PaymentChannel) => string;
  channelEnabled: (channel: PaymentChannel) => boolean;
  merchantName: string;
  processes: ProcessEngine;
}

export interface CreateRechargeInput {
  amount: number;
  channel: PaymentChannel;
  returnPath?: string | undefined;
  /** 代充: the phone of the user whose wallet receives the money. */
  beneficiaryPhone?: string;
}

function newOrderNo(now: Date) {
  const china = new Date(now.getTime() + 8 * 3600 * 1000).toISOString();
  const stamp = china.slice(0, 19).replace(/\D/g, '');
  return `R${stamp}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

export function createRechargeService(options: RechargeServiceOptions) {
  const { db, provider, now, processes } = options;
  const system: ProcessActor = { role: 'system', userId: null };
  const creditListeners: CreditListener[] = [];

  /** Records `action` on a locked recharge through the engine; answers the state entered. */
  const step = (tx: Executor, row: RechargeRow, action: 'pay' | 'close', extra: { reason?: string } = {}) =>
    processes.applyTransition(tx, {
      process: rechargeProcess,
      subjectId: row.id,
      ownerId: row.userId,
      from: row.status,
      action,
      actor: system,
      ...extra,
    });

  // The 30-minute close of a pending recharge is a timer of its process.
  processes.registerTimerSubject(rechargeProcess, {
    async lock(tx, subjectId) {
      const [row] = await tx.select().from(recharges).where(eq(recharges.id, subjectId)).for('update');
      return row && { state: row.status, ownerId: row.userId };
    },
    async enter(tx, subjectId, change) {
      await tx
        .update(recharges)
        .set({ status: 'closed', closedAt: now() })
        .where(and(eq(recharges.id, subjectId), eq(recharges.status, change.from as RechargeStatus)));
    },
  });

  const phonesOf = async (rows: RechargeRow[]) => {
    const ids = [
      ...new Set(rows.filter((row) => row.beneficiaryId !== row.userId).map((row) => row.beneficiaryId)),
    ];
    if (ids.length === 0) return new Map<number, string>();
    const found = await usersByIds(db, ids);
    return new Map([...found.values()].map((row) => [row.id, maskPhone(row.phone)]));
  };

  const toOrders = async (rows: RechargeRow[]): Promise<RechargeOrder[]> => {
    const phones = await phonesOf(rows);
    return rows.map((row) => ({
      order_no: row.orderNo,
      amount: fenToAmount(row.amount),
      channel: row.channel,
      status: row.status,
      beneficiary_phone: row.beneficiaryId === row.userId ? null : (phones.get(row.beneficiaryId) ?? null),
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      closed_at: row.closedAt?.toISOString() ?? null,
    }));
  };

  const toOrder = async (row: RechargeRow) => (await toOrders([row]))[0] as RechargeOrder;

  const paidToday = async (executor: Executor, userId: number) => {
    const [row] = await executor
      .select({ total: sum(recharges.amount) })
      .from(recharges)
      .where(
        and(
          eq(recharges.userId, userId),
          inArray(recharges.status, ['paid', 'pending']),
          gte(recharges.createdAt, startOfChinaDay(now())),
        ),
      );
    return Number(row?.total ?? 0);
  };

  async function resolveBeneficiary(payerId: number, phone: string | undefined) {
    if (phone === undefined) return payerId;
    const target = await findUser(db, { phone });
    if (!target) throw new AppError(ErrorCodes.RECHARGE_PROXY_TARGET_NOT_FOUND);
    if (target.id === payerId) throw new AppError(ErrorCodes.RECHARGE_PROXY_SELF);
    if (target.status !== 'active') throw new AppError(ErrorCodes.RECHARGE_PROXY_TARGET_DISABLED);
    return target.id;
  }

  /** Marks a recharge paid and credits the beneficiary, once per (channel, transaction id). */
  async function applyPaid(payment: PaidPayment): Promise<NotifyOutcome> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(recharges)
        .where(eq(recharges.orderNo, payment.outTradeNo))
        .for('update');
      if (!row) return { accepted: false, reason: '订单不存在' };
      if (row.channel !== payment.channel) return { accepted: false, reason: '支付渠道不符' };
      if (row.amount !== payment.amount) return { accepted: false, reason: '金额不符' };
      if (payment.currency !== 'CNY') return { accepted: false, reason: '币种不符' };
      if (row.status === 'paid') {
        if (row.transactionId === payment.transactionId) return { accepted: true, credited: false };
        return { accepted: false, reason: '订单已由其他交易支付' };
      }
      // A payment that arrives after we closed the order is still money received: credit it.
      await step(tx, row, 'pay');
      const transfer = await ledger.post(tx, {
        debit: { kind: 'gateway_clearing' },
        credit: { kind: 'user_available', userId: row.beneficiaryId },
        amount: row.amount,
        kind: 'recharge.credit',
        reference: { type: 'recharge', id: row.id },
        idempotencyKey: `payment:${payment.channel}:${payment.transactionId}`,
        metadata: { order_no: row.orderNo, payer_id: row.userId },
      });
      await tx
        .update(recharges)
        .set({
          status: 'paid',
          transactionId: payment.transactionId,
          creditTransferId: transfer.id,
          paidAt: payment.paidAt,
        })
        .where(eq(recharges.id, row.id));
      if (!transfer.replayed) for (const listener of creditListeners) await listener(tx, row);
      return { accepted: true, credited: !transfer.replayed };
    });
  }

  /** Closes a recharge that is still pending (the gateway closed it, or creating the payment failed). */
  const markClosed = (row: RechargeRow, reason: string) =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select().from(recharges).where(eq(recharges.id, row.id)).for('update');
      if (!locked || !canTake(rechargeProcess, locked.status, 'close', ['system'])) return;
      await step(tx, locked, 'close', { reason });
      await tx.update(recharges).set({ status: 'closed', closedAt: now() }).where(eq(recharges.id, row.id));
    });

  const reload = async (id: number) => {
    const [row] = await db.select().from(recharges).where(eq(recharges.id, id));
    if (!row) throw new AppError(ErrorCodes.RECHARGE_NOT_FOUND);
    return row;
  };

  /** Applies what the provider says about a pending recharge. */
  async function applyState(row: RechargeRow, state: ProviderPaymentState) {
    if (state.status === 'paid') {
      const outcome = await applyPaid(state.payment);
      if (!outcome.accepted)
        throw new Error(`recharge ${row.orderNo}: provider state refused: ${outcome.reason}`);
    } else if (state.status === 'closed' || state.status === 'not_found') {
      await markClosed(row, state.status === 'closed' ? '支付渠道已关闭' : '支付渠道无此订单');
    }
  }

  /** Asks the provider about a pending recharge; closes it at the provider once it has expired. */
  async function activeQuery(row: RechargeRow) {
    if (!canTake(rechargeProcess, row.status, 'close', ['system'])) return;
    await db.update(recharges).set({ lastQueriedAt: now() }).where(eq(recharges.id, row.id));
    let state = await provider.queryPayment(row.channel, row.orderNo);
    const expired = addSeconds(row.createdAt, PAYMENT_EXPIRES_SECONDS) <= now();
    if (state.status === 'pending' && expired) state = await provider.closePayment(row.channel, row.orderNo);
    await applyState(row, state);
  }

  return {
    applyPaid,

    /** `listener` runs in the transaction of every recharge credited from now on. */
    onCredited(listener: CreditListener) {
      creditListeners.push(listener);
    },

    main() {
      return {
        channels: (Object.keys(paymentChannelLabels) as PaymentChannel[]).map((channel) => ({
          channel,
          name: paymentChannelLabels[channel],
          enabled: options.channelEnabled(channel),
        })),
        min_amount: fenToAmount(rechargeLimits.minFen),
        max_amount: fenToAmount(rechargeLimits.maxFen),
        daily_max_amount: fenToAmount(rechargeLimits.dailyMaxFen),
        proxy_max_amount: fenToAmount(rechargeLimits.proxyMaxFen),
      };
    },

    async create(payerId: number, input: CreateRechargeInput) {
      const isProxy = input.beneficiaryPhone !== undefined;
      const maxFen = isProxy ? rechargeLimits.proxyMaxFen : rechargeLimits.maxFen;
      if (!options.channelEnabled(input.channel)) throw new AppError(ErrorCodes.RECHARGE_CHANNEL_UNAVAILABLE);
      if (input.amount < rechargeLimits.minFen) {
        throw new AppError(
          ErrorCodes.RECHARGE_BELOW_MIN,
          `单笔充值金额不能低于${fenToAmount(rechargeLimits.minFen)}元`,
          { field: 'amount' },
        );
      }
      if (input.amount > maxFen) {
        throw new AppError(
          ErrorCodes.RECHARGE_ABOVE_MAX,
          `${isProxy ? '单笔代充' : '单笔充值'}金额不能超过${fenToAmount(maxFen)}元`,
          { field: 'amount' },
        );
      }
      const beneficiaryId = await resolveBeneficiary(payerId, input.beneficiaryPhone);
      const createdAt = now();
      const orderNo = newOrderNo(createdAt);
      const inserted = await db.transaction(async (tx) => {
        // One payer at a time, so that parallel requests cannot slip past the limits together.
        await lockForTransaction(tx, `recharge:${payerId}`);
        const [pending] = await tx
          .select({ value: count() })
          .from(recharges)
          .where(
            and(
              eq(recharges.userId, payerId),
              eq(recharges.status, 'pending'),
              gte(recharges.createdAt, addSeconds(createdAt, -PAYMENT_EXPIRES_SECONDS)),
            ),
          );
        if ((pending?.value ?? 0) >= rechargeLimits.maxPendingOrders) {
          throw new AppError(ErrorCodes.RECHARGE_TOO_MANY_PENDING);
        }
        const today = await paidToday(tx, payerId);
        if (today + input.amount > rechargeLimits.dailyMaxFen) {
          throw new AppError(
            ErrorCodes.RECHARGE_DAILY_LIMIT,
            `今日还可充值${fenToAmount(Math.max(0, rechargeLimits.dailyMaxFen - today))}元`,
            { field: 'amount' },
          );
        }
        const [row] = await tx
          .insert(recharges)
          .values({
            orderNo,
            userId: payerId,
            beneficiaryId,
            amount: input.amount,
            channel: input.channel,
            cashierUrl: '',
            createdAt,
          })
          .returning();
        if (row) {
          await processes.start(tx, {
            process: rechargeProcess,
            subjectId: row.id,
            actor: { role: 'owner', userId: payerId },
            ...(isProxy ? { metadata: { beneficiary_id: beneficiaryId } } : {}),
          });
        }
        return row;
      });
      if (!inserted) throw new Error('recharge: insert returned nothing');
      try {
        const { cashierUrl } = await provider.createPayment({
          channel: input.channel,
          outTradeNo: orderNo,
          amount: input.amount,
          subject: isProxy ? `${options.merchantName}钱包代充` : `${options.merchantName}钱包充值`,
          notifyUrl: options.notifyUrl(input.channel),
          returnPath: input.returnPath ?? '/personRecharge',
          expiresAt: addSeconds(createdAt, PAYMENT_EXPIRES_SECONDS),
        });
        await db.update(recharges).set({ cashierUrl }).where(eq(recharges.id, inserted.id));
        return { ...(await toOrder(inserted)), cashier_url: cashierUrl };
      } catch (error) {
        await markClosed(inserted, '支付下单失败');
        throw error;
      }
    },

    /** The user is back from the cashier: ask the provider now rather than wait for the notify. */
    async confirm(userId: number, orderNo: string) {
      const [row] = await db
        .select()
        .from(recharges)
        .where(and(eq(recharges.orderNo, orderNo), eq(recharges.userId, userId)));
      if (!row) throw new AppError(ErrorCodes.RECHARGE_NOT_FOUND);
      await activeQuery(row);
      const current = await reload(row.id);
      return {
        ...(await toOrder(current)),
        cashier_url: current.status === 'pending' ? current.cashierUrl : '',
      };
    },

    /**
     * What a recharge paid for is gone (its order closed): the payment is closed at the provider, so
     * its cashier takes no more money; one made meanwhile, its notify not here yet, is credited now.
     */
    async close(userId: number, orderNo: string, reason: string): Promise<void> {
      const [row] = await db
        .select()
        .from(recharges)
        .where(and(eq(recharges.orderNo, orderNo), eq(recharges.userId, userId)));
      if (!row) throw new AppError(ErrorCodes.RECHARGE_NOT_FOUND);
      if (!canTake(rechargeProcess, row.status, 'close', ['system'])) return;
      const state = await provider.closePayment(row.channel, row.orderNo);
      if (state.status === 'pending')
        throw new Error(`recharge ${row.orderNo}: the provider did not close it`);
      if (state.status === 'paid') await applyState(row, state);
      else await markClosed(row, reason);
    },

    /** The scheduled job: pending recharges older than 5 minutes are queried at the provider. */
    async queryStale(): Promise<number> {
      const at = now();
      const rows = await db
        .select()
        .from(recharges)
        .where(
          and(
            eq(recharges.status, 'pending'),
            lte(recharges.createdAt, addSeconds(at, -ACTIVE_QUERY_AFTER_SECONDS)),
            or(
              isNull(recharges.lastQueriedAt),
              lte(recharges.lastQueriedAt, addSeconds(at, -REQUERY_EVERY_SECONDS)),
            ),
          ),
        )
        .orderBy(recharges.createdAt)
        .limit(STALE_BATCH);
      // One order the gateway disagrees about must not hold up the others.
      const failures: unknown[] = [];
      for (const row of rows) {
        try {
          await activeQuery(row);
        } catch (error) {
          failures.push(error);
        }
      }
      if (failures.length > 0)
        throw new AggregateError(failures, `recharge: ${failures.length} active queries failed`);
      return rows.length;
    },

    async userInfo(userId: number) {
      const { available, frozen } = await ledger.balances(db, userId);
      const today = await paidToday(db, userId);
      const [pending] = await db
        .select({ value: count() })
        .from(recharges)
        .where(and(eq(recharges.userId, userId), eq(recharges.status, 'pending')));
      const recent = await db
        .select()
        .from(recharges)
        .where(eq(recharges.userId, userId))
        .orderBy(desc(recharges.createdAt), desc(recharges.id))
        .limit(5);
      return {
        available: fenToAmount(available),
        frozen: fenToAmount(frozen),
        today_paid: fenToAmount(today),
        today_remaining: fenToAmount(Math.max(0, rechargeLimits.dailyMaxFen - today)),
        pending_count: pending?.value ?? 0,
        recent: await toOrders(recent),
      };
    },

    async records(
      userId: number,
      query: { page: number; page_size: number; status?: RechargeStatus | undefined },
    ): Promise<Page<RechargeOrder>> {
      const where = and(
        eq(recharges.userId, userId),
        query.status ? eq(recharges.status, query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(recharges)
          .where(where)
          .orderBy(desc(recharges.createdAt), desc(recharges.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ value: count() }).from(recharges).where(where),
      ]);
      return {
        list: await toOrders(rows),
        total: total?.value ?? 0,
        page: query.page,
        page_size: query.page_size,
      };
    },
  };
}

export type RechargeService = ReturnType<typeof createRechargeService>;
