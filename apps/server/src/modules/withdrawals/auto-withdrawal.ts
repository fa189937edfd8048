import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { fenToAmount, withdrawalLimits, type AutoWithdrawalSettings } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { ledger } from '../ledger/index.ts';
import { getPayoutMethodForUser } from '../payout-methods/index.ts';
import { autoWithdrawalSettings, withdrawals } from './tables.ts';
import { isUniqueViolation, type WithdrawalService } from './withdrawal-service.ts';

/** YYYY-MM-DD of the China-time day of an instant. */
export const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3600 * 1000).toISOString().slice(0, 10);

const rules = [
  '开启后，每天系统自动检查一次可提现余额',
  '余额超过触发金额时，自动提现“余额 − 保留金额”到所选收款方式',
  `自动提现同样需要审核，金额低于${fenToAmount(withdrawalLimits.minFen)}元时不发起`,
  '每天最多自动提现一次，计入每日提现次数与额度',
];

export interface AutoRunOutcome {
  userId: number;
  outcome: 'created' | 'already_today' | 'below_threshold' | 'below_minimum' | 'refused';
  withdrawalId?: number;
  reason?: string;
}

export function createAutoWithdrawalService(deps: {
  db: Database;
  now: () => Date;
  withdrawals: WithdrawalService;
}) {
  const { db, now, withdrawals: service } = deps;

  async function lastRun(userId: number) {
    const [row] = await db
      .select({ id: withdrawals.id, day: withdrawals.autoDay, amount: withdrawals.amountFen })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), isNotNull(withdrawals.autoDay)))
      .orderBy(desc(withdrawals.autoDay))
      .limit(1);
    return row?.day ? { day: row.day, withdrawal_id: row.id, amount: fenToAmount(row.amount) } : null;
  }

  async function settings(userId: number): Promise<AutoWithdrawalSettings> {
    const [row] = await db
      .select()
      .from(autoWithdrawalSettings)
      .where(eq(autoWithdrawalSettings.userId, userId));
    return {
      enabled: row?.enabled ?? false,
      threshold: fenToAmount(row?.thresholdFen ?? 100_000),
      keep_amount: fenToAmount(row?.keepFen ?? 0),
      method_id: row?.payoutMethodId ?? null,
      methods: await service.methodSummaries(db, userId),
      last_run: await lastRun(userId),
      rules,
    };
  }

  async function save(
    userId: number,
    input: { enabled: boolean; threshold: number; keep_amount: number; method_id: number },
  ): Promise<AutoWithdrawalSettings> {
    await getPayoutMethodForUser(db, userId, input.method_id);
    const values = {
      enabled: input.enabled,
      thresholdFen: input.threshold,
      keepFen: input.keep_amount,
      payoutMethodId: input.method_id,
      updatedAt: now(),
    };
    await db
      .insert(autoWithdrawalSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: autoWithdrawalSettings.userId, set: values });
    return settings(userId);
  }

  async function runOne(
    setting: typeof autoWithdrawalSettings.$inferSelect,
    day: string,
  ): Promise<AutoRunOutcome> {
    const { userId } = setting;
    const { available } = await ledger.balances(db, userId);
    if (available <= setting.thresholdFen) return { userId, outcome: 'below_threshold' };
    const amountFen = Math.min(available - setting.keepFen, withdrawalLimits.maxFen);
    if (amountFen < withdrawalLimits.minFen) return { userId, outcome: 'below_minimum' };
    try {
      const row = await service.create(userId, {
        amountFen,
        methodId: setting.payoutMethodId,
        mode: 'auto',
        autoDay: day,
      });
      return { userId, outcome: 'created', withdrawalId: row.id };
    } catch (error) {
      if (isUniqueViolation(error)) return { userId, outcome: 'already_today' };
      if (error instanceof AppError)
        return { userId, outcome: 'refused', reason: `${error.errCode} ${error.message}` };
      throw error;
    }
  }

  /**
   * The scheduled job: for each enabled user without an automatic withdrawal today (China time),
   * withdraw what is above the threshold. Safe to run any number of times a day and on several
   * instances at once: the unique (user, day) index admits one withdrawal.
   */
  async function run(): Promise<AutoRunOutcome[]> {
    const day = chinaDay(now());
    const outcomes: AutoRunOutcome[] = [];
    let after = 0;
    for (;;) {
      const batch = await db
        .select()
        .from(autoWithdrawalSettings)
        .where(and(eq(autoWithdrawalSettings.enabled, true), gt(autoWithdrawalSettings.userId, after)))
        .orderBy(asc(autoWithdrawalSettings.userId))
        .limit(200);
      for (const setting of batch) {
        const [done] = await db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, setting.userId), eq(withdrawals.autoDay, day)));
        outcomes.push(
          done ? { userId: setting.userId, outcome: 'already_today' } : await runOne(setting, day),
        );
      }
      const last = batch.at(-1);
      if (!last || batch.length < 200) break;
      after = last.userId;
    }
    return outcomes;
  }

  return { settings, save, run };
}

export type AutoWithdrawalService = ReturnType<typeof createAutoWithdrawalService>;
