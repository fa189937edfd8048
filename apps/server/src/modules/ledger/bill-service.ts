import { and, count, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  ErrorCodes,
  fenToAmount,
  profitBillTypes,
  type BillDetail,
  type BillList,
  type BillListQuery,
  type BillMonthTotal,
  type BillStatement,
  type BillType,
  type PageQuery,
  type ProfitList,
  type ProfitSummary,
  type WalletEntry,
  type WalletSummary,
} from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { startOfChinaDay } from '../../lib/time.ts';
import { accountIdOf } from './accounts.ts';
import * as ledger from './ledger-service.ts';
import { ledgerTransfers } from './tables.ts';
import { billDetailOf, billItemOf } from './bill-describe.ts';
import { billTypeSql, chinaMonthSql, expenseSql, incomeSql, internalNetSql } from './bill-sql.ts';
import { chinaMonthOf, chinaMonthRange, monthsEndingWith } from './china-month.ts';

/**
 * The user's bills: the transfers of their available balance (DESIGN §5), read from the ledger.
 * Money held for a withdrawal or a bid shows as money out (available → frozen) and, when it comes
 * back, as money in; so the bills always add up to the available balance. Paying the sincerity
 * deposit and its return move the user's own money: they are bills, but neither income nor
 * expense (flow 'internal'), and the statement shows their net on its own.
 */

const availableAccountOf = (userId: number) => accountIdOf({ kind: 'user_available', userId });

const touches = (accountId: number) =>
  or(eq(ledgerTransfers.debitAccountId, accountId), eq(ledgerTransfers.creditAccountId, accountId));

const typeIs = (accountId: number, types: readonly BillType[]) => inArray(billTypeSql(accountId), [...types]);

const MONTH_TOTALS_SHOWN = 12;

export const walletEntries: readonly WalletEntry[] = [
  { key: 'recharge', label: '充值', path: '/personRecharge' },
  { key: 'withdraw', label: '提现', path: '/withdrawDeposit' },
  { key: 'bills', label: '账单明细', path: '/billList' },
  { key: 'balance', label: '余额管理', path: '/balanceOperation' },
  { key: 'payment_type', label: '收款方式', path: '/paymentType' },
  { key: 'deposit', label: '保证金', path: '/cashPledgeRecord' },
  { key: 'coupon', label: '优惠券', path: '/myCoupon' },
  { key: 'statement', label: '对账中心', path: '/reconciliate' },
];

async function monthTotals(
  db: Executor,
  accountId: number,
  where: SQL | undefined,
  limit: number,
): Promise<{ month: string; income: number; expense: number; internal: number; count: number }[]> {
  return db
    .select({
      month: chinaMonthSql,
      income: incomeSql(accountId),
      expense: expenseSql(accountId),
      internal: internalNetSql(accountId),
      count: count(),
    })
    .from(ledgerTransfers)
    .where(and(touches(accountId), where))
    .groupBy(chinaMonthSql)
    .orderBy(desc(chinaMonthSql))
    .limit(limit);
}

const toMonthTotal = (row: { month: string; income: number; expense: number; count: number }) =>
  ({
    month: row.month,
    income: fenToAmount(row.income),
    expense: fenToAmount(row.expense),
    count: row.count,
  }) satisfies BillMonthTotal;

/** `depositHeld`: fen of the sincerity deposit the user holds (the sincerity module's to say). */
export async function walletSummary(
  db: Executor,
  userId: number,
  now: Date,
  depositHeld: number,
): Promise<WalletSummary> {
  const accountId = availableAccountOf(userId);
  const month = chinaMonthOf(now);
  const { start, end } = chinaMonthRange(month);
  const [balances, [thisMonth]] = await Promise.all([
    ledger.balances(db, userId),
    monthTotals(
      db,
      accountId,
      and(gte(ledgerTransfers.createdAt, start), lt(ledgerTransfers.createdAt, end)),
      1,
    ),
  ]);
  return {
    available: fenToAmount(balances.available),
    frozen: fenToAmount(balances.frozen),
    deposit: fenToAmount(depositHeld),
    total: fenToAmount(balances.available + balances.frozen + depositHeld),
    month,
    month_income: fenToAmount(thisMonth?.income ?? 0),
    month_expense: fenToAmount(thisMonth?.expense ?? 0),
    entries: [...walletEntries],
  };
}

export async function listBills(db: Executor, userId: number, query: BillListQuery): Promise<BillList> {
  const accountId = availableAccountOf(userId);
  const byType = query.type ? typeIs(accountId, [query.type]) : undefined;
  const range = query.month ? chinaMonthRange(query.month) : undefined;
  const byMonth = range
    ? and(gte(ledgerTransfers.createdAt, range.start), lt(ledgerTransfers.createdAt, range.end))
    : undefined;
  const where = and(touches(accountId), byType, byMonth);
  const [rows, [total], months] = await Promise.all([
    db
      .select()
      .from(ledgerTransfers)
      .where(where)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(ledgerTransfers).where(where),
    monthTotals(db, accountId, byType, MONTH_TOTALS_SHOWN),
  ]);
  return {
    list: rows.map((row) => billItemOf(row, accountId)),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
    months: months.map(toMonthTotal),
  };
}

/** One of the user's bills; another user's bill does not exist for them (4006, as for a wrong id). */
export async function billDetail(db: Executor, userId: number, id: number): Promise<BillDetail> {
  const accountId = availableAccountOf(userId);
  const [row] = await db
    .select()
    .from(ledgerTransfers)
    .where(and(eq(ledgerTransfers.id, id), touches(accountId)));
  if (!row) throw new AppError(ErrorCodes.WALLET_BILL_NOT_FOUND);
  return billDetailOf(row, accountId, userId);
}

/**
 * The monthly statement (对账单): for each of the last `monthCount` months, opening balance, income,
 * expense, the net of internal moves and the closing balance, where closing = opening + income −
 * expense + internal and each month opens with
 * the previous month's closing. The last month is the current one, or the month of the newest bill
 * if that is later (the database clock and the server clock may differ).
 */
export async function billStatement(
  db: Executor,
  userId: number,
  monthCount: number,
  now: Date,
): Promise<BillStatement> {
  const accountId = availableAccountOf(userId);
  const [newest] = await db
    .select({ month: chinaMonthSql })
    .from(ledgerTransfers)
    .where(touches(accountId))
    .orderBy(desc(ledgerTransfers.createdAt))
    .limit(1);
  const current = chinaMonthOf(now);
  const lastMonth = newest && newest.month > current ? newest.month : current;
  const months = monthsEndingWith(lastMonth, monthCount);
  const { start } = chinaMonthRange(months[months.length - 1] ?? lastMonth);

  const [[before], perMonth, balances] = await Promise.all([
    db
      .select({
        income: incomeSql(accountId),
        expense: expenseSql(accountId),
        internal: internalNetSql(accountId),
      })
      .from(ledgerTransfers)
      .where(and(touches(accountId), lt(ledgerTransfers.createdAt, start))),
    monthTotals(db, accountId, gte(ledgerTransfers.createdAt, start), monthCount),
    ledger.balances(db, userId),
  ]);
  const totals = new Map(perMonth.map((row) => [row.month, row]));
  let balance = (before?.income ?? 0) - (before?.expense ?? 0) + (before?.internal ?? 0);
  const oldestFirst = [...months].reverse().map((month) => {
    const row = totals.get(month);
    const income = row?.income ?? 0;
    const expense = row?.expense ?? 0;
    const internal = row?.internal ?? 0;
    const opening = balance;
    balance = opening + income - expense + internal;
    return {
      month,
      opening: fenToAmount(opening),
      income: fenToAmount(income),
      expense: fenToAmount(expense),
      internal: fenToAmount(internal),
      closing: fenToAmount(balance),
      count: row?.count ?? 0,
    };
  });
  return { months: oldestFirst.reverse(), available: fenToAmount(balances.available) };
}

const profitWhere = (accountId: number) =>
  and(eq(ledgerTransfers.creditAccountId, accountId), typeIs(accountId, profitBillTypes));

/** 收益: sale income and transfers received, today, this month (China time) and in total. */
export async function profitSummary(db: Executor, userId: number, now: Date): Promise<ProfitSummary> {
  const accountId = availableAccountOf(userId);
  const today = startOfChinaDay(now);
  const { start: monthStart } = chinaMonthRange(chinaMonthOf(now));
  const sumSince = (since: Date) =>
    sql<number>`coalesce(sum(${ledgerTransfers.amount}) filter (where ${ledgerTransfers.createdAt} >= ${since.toISOString()}::timestamptz), 0)::bigint`.mapWith(
      Number,
    );
  const [row] = await db
    .select({
      today: sumSince(today),
      month: sumSince(monthStart),
      total: sql<number>`coalesce(sum(${ledgerTransfers.amount}), 0)::bigint`.mapWith(Number),
    })
    .from(ledgerTransfers)
    .where(profitWhere(accountId));
  return {
    today: fenToAmount(row?.today ?? 0),
    month: fenToAmount(row?.month ?? 0),
    total: fenToAmount(row?.total ?? 0),
  };
}

/** 收益消息: one message per income bill, newest first. */
export async function profitList(db: Executor, userId: number, query: PageQuery): Promise<ProfitList> {
  const accountId = availableAccountOf(userId);
  const where = profitWhere(accountId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(ledgerTransfers)
      .where(where)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ value: count() }).from(ledgerTransfers).where(where),
  ]);
  return {
    list: rows.map((row) => {
      const detail = billDetailOf(row, accountId, userId);
      const isTransfer = detail.type === 'transfer_in';
      return {
        id: detail.id,
        type: detail.type,
        title: isTransfer ? '转账到账' : '售出收入到账',
        content: isTransfer
          ? `${detail.counterparty} 向你转账 ${detail.amount} 元，已存入可用余额`
          : `商品售出收入 ${detail.amount} 元已存入可用余额`,
        amount: detail.amount,
        created_at: detail.created_at,
      };
    }),
    total: total?.value ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
