import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import {
  ErrorCodes,
  feeSchedule,
  fenToAmount,
  quickRemitRule,
  rateFee,
  withdrawalFee,
  withdrawalLimits,
  type WithdrawalMode,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { startOfChinaDay } from '../../lib/time.ts';
import { withdrawals } from './tables.ts';

/** Statuses whose money did not leave and does not count against today's limits. */
const returnedStatuses = ['rejected', 'cancelled', 'failed'] as const;

export interface TodayUsage {
  count: number;
  amountFen: number;
  /** Of the normal and automatic withdrawals: the part that used the daily free quota. */
  feeBaseFen: number;
}

export async function todayUsage(executor: Executor, userId: number, now: Date): Promise<TodayUsage> {
  const live = and(
    eq(withdrawals.userId, userId),
    gte(withdrawals.createdAt, startOfChinaDay(now)),
    sql`${withdrawals.status} not in (${sql.join(
      returnedStatuses.map((status) => sql`${status}`),
      sql`, `,
    )})`,
  );
  const [row] = await executor
    .select({
      count: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${withdrawals.amountFen}), 0)::text`,
      feeBase: sql<string>`coalesce(sum(${withdrawals.amountFen}) filter (where ${inArray(withdrawals.mode, ['normal', 'auto'])}), 0)::text`,
    })
    .from(withdrawals)
    .where(live);
  return {
    count: row?.count ?? 0,
    amountFen: Number(row?.amount ?? 0),
    feeBaseFen: Number(row?.feeBase ?? 0),
  };
}

export const freeQuotaLeft = (usage: TodayUsage) =>
  Math.max(0, feeSchedule.withdrawal.dailyFreeQuotaFen - usage.feeBaseFen);

export function feeOf(amountFen: number, mode: WithdrawalMode, usage: TodayUsage): number {
  if (mode === 'quick') {
    return rateFee(amountFen, {
      rateBp: quickRemitRule.rateBp,
      minFen: quickRemitRule.minFeeFen,
      maxFen: null,
    });
  }
  return withdrawalFee(amountFen, freeQuotaLeft(usage));
}

/** Refuses an amount outside the per-withdrawal and daily limits (4201–4204). */
export function checkLimits(amountFen: number, mode: WithdrawalMode, usage: TodayUsage): void {
  if (amountFen < withdrawalLimits.minFen) {
    throw new AppError(
      ErrorCodes.WITHDRAWAL_AMOUNT_TOO_SMALL,
      `单笔提现金额不能低于${fenToAmount(withdrawalLimits.minFen)}元`,
      { field: 'amount' },
    );
  }
  const maxFen = mode === 'quick' ? quickRemitRule.maxFen : withdrawalLimits.maxFen;
  if (amountFen > maxFen) {
    throw new AppError(
      ErrorCodes.WITHDRAWAL_AMOUNT_TOO_LARGE,
      `${mode === 'quick' ? '快捷转账' : '单笔提现'}金额不能超过${fenToAmount(maxFen)}元`,
      { field: 'amount' },
    );
  }
  if (usage.count >= withdrawalLimits.dailyMaxCount) {
    throw new AppError(
      ErrorCodes.WITHDRAWAL_DAILY_COUNT_EXCEEDED,
      `每天最多提现${withdrawalLimits.dailyMaxCount}次，请明天再试`,
    );
  }
  if (usage.amountFen + amountFen > withdrawalLimits.dailyMaxFen) {
    const left = Math.max(0, withdrawalLimits.dailyMaxFen - usage.amountFen);
    throw new AppError(
      ErrorCodes.WITHDRAWAL_DAILY_AMOUNT_EXCEEDED,
      `今日还可提现${fenToAmount(left)}元，请调整金额`,
      { field: 'amount' },
    );
  }
}

export function ruleTexts(): string[] {
  const fee = feeSchedule.withdrawal;
  return [
    `单笔最低${fenToAmount(withdrawalLimits.minFen)}元，最高${fenToAmount(withdrawalLimits.maxFen)}元`,
    `每天最多${withdrawalLimits.dailyMaxCount}次，累计不超过${fenToAmount(withdrawalLimits.dailyMaxFen)}元`,
    `每天前${fenToAmount(fee.dailyFreeQuotaFen)}元免手续费，超出部分收取${fee.rateBp / 100}%（最低${fenToAmount(fee.minFen)}元）`,
    `快捷转账免审核、约2小时到账，手续费${quickRemitRule.rateBp / 100}%（最低${fenToAmount(quickRemitRule.minFeeFen)}元），单笔最高${fenToAmount(quickRemitRule.maxFen)}元`,
    '提现申请审核通过前可随时取消，资金原路退回余额',
    '收款账户须为本人实名账户',
  ];
}
