import { sql, type SQL } from 'drizzle-orm';
import { billKindRules, internalBillTypes, type BillType } from '@haoshi/contracts';
import { ledgerTransfers } from './tables.ts';

/**
 * SQL twins of contracts' billTypeOf: the same rule table, first match wins, so a filter by type in
 * the database selects exactly the rows the list labels with that type.
 */

const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** 'in' when the transfer credits `accountId`, else 'out'. */
export const directionSql = (accountId: number): SQL<'in' | 'out'> =>
  sql<'in' | 'out'>`(case when ${ledgerTransfers.creditAccountId} = ${accountId} then 'in' else 'out' end)`;

/** The bill type of a transfer seen from `accountId` (a CASE over billKindRules). */
export function billTypeSql(accountId: number): SQL<BillType> {
  const branches = billKindRules.map((rule) => {
    const matches = sql`left(${ledgerTransfers.kind}, ${sql.raw(String(rule.prefix.length))}) = ${literal(rule.prefix)}`;
    const type =
      typeof rule.type === 'string'
        ? literal(rule.type)
        : sql`(case when ${ledgerTransfers.creditAccountId} = ${accountId} then ${literal(rule.type.in)} else ${literal(rule.type.out)} end)`;
    return sql`when ${matches} then ${type}`;
  });
  return sql<BillType>`(case ${sql.join(branches, sql.raw(' '))} else 'other' end)`;
}

/** "2026-11": the month of created_at in China time (UTC+8 all year, no daylight saving). */
export const chinaMonthSql = sql<string>`to_char((${ledgerTransfers.createdAt} at time zone 'UTC') + interval '8 hours', 'YYYY-MM')`;

/** Whether the transfer is a move between the user's own pockets (billFlowOf's 'internal'). */
const internalSql = (accountId: number) =>
  sql`${billTypeSql(accountId)} in (${sql.join(
    internalBillTypes.map((type) => literal(type)),
    sql.raw(', '),
  )})`;

/**
 * Fen in and out of `accountId` counted as income and expense, and the net of the internal moves,
 * summed (bigint sums come back as text: map to numbers). The three add up to the balance's change.
 */
export const incomeSql = (accountId: number) =>
  sql<number>`coalesce(sum(case when ${ledgerTransfers.creditAccountId} = ${accountId} and not ${internalSql(accountId)} then ${ledgerTransfers.amount} else 0 end), 0)::bigint`.mapWith(
    Number,
  );
export const expenseSql = (accountId: number) =>
  sql<number>`coalesce(sum(case when ${ledgerTransfers.debitAccountId} = ${accountId} and not ${internalSql(accountId)} then ${ledgerTransfers.amount} else 0 end), 0)::bigint`.mapWith(
    Number,
  );
export const internalNetSql = (accountId: number) =>
  sql<number>`coalesce(sum(case when not ${internalSql(accountId)} then 0 when ${ledgerTransfers.creditAccountId} = ${accountId} then ${ledgerTransfers.amount} else -${ledgerTransfers.amount} end), 0)::bigint`.mapWith(
    Number,
  );
