import { sql } from 'drizzle-orm';
import { fenToAmount } from '@haoshi/contracts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../lib/sql-rows.ts';
import { nonNegativeAccountKinds } from './accounts.ts';

export interface AccountFinding {
  accountId: number;
  kind: string;
  userId: number | null;
  /** Fen, as stored. */
  balance: number;
  /** Fen, credits − debits over all its transfers. */
  expected: number;
  /** Below zero although its kind may not be. */
  negative: boolean;
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Fen; must be 0. */
  sumOfBalances: number;
  /** Accounts whose balance is not the sum of their transfers. */
  differenceCount: number;
  /** Accounts below zero that may not be. */
  negativeCount: number;
  /** The first accounts (by id) with a difference or a forbidden negative balance. */
  findings: AccountFinding[];
}

interface Row {
  id: string | number;
  kind: string;
  user_id: string | number | null;
  balance: string | number;
  expected: string | number;
  negative: boolean;
  differences: string | number;
  negatives: string | number;
}

const FINDINGS_LISTED = 50;

/**
 * Reconciles the ledger on one consistent snapshot: the balances sum to zero, every balance equals
 * its credits minus its debits, and no account that may not go negative is below zero.
 */
export async function checkLedger(db: Database): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const [totals] = await queryRows<{
        accounts: string | number;
        transfers: string | number;
        sum: string | number;
      }>(
        tx,
        sql`select (select count(*) from ledger_accounts) as accounts,
                   (select count(*) from ledger_transfers) as transfers,
                   (select coalesce(sum(balance), 0) from ledger_accounts) as sum`,
      );
      const nonNegative = sql.join(
        nonNegativeAccountKinds.map((kind) => sql`${kind}`),
        sql`, `,
      );
      const rows = await queryRows<Row>(
        tx,
        sql`
          with movement as (
            select debit_account_id as account_id, -amount as delta from ledger_transfers
            union all
            select credit_account_id, amount from ledger_transfers
          ), sums as (
            select account_id, sum(delta) as total from movement group by account_id
          ), checked as (
            select a.id, a.kind, a.user_id, a.balance, coalesce(s.total, 0) as expected,
                   a.balance < 0 and a.kind in (${nonNegative}) as negative
            from ledger_accounts a left join sums s on s.account_id = a.id
          ), suspects as (
            select * from checked where balance <> expected or negative
          )
          select *, (select count(*) from suspects where balance <> expected) as differences,
                    (select count(*) from suspects where negative) as negatives
          from suspects order by id limit ${FINDINGS_LISTED}`,
      );
      const sumOfBalances = Number(totals?.sum ?? 0);
      const differenceCount = Number(rows[0]?.differences ?? 0);
      const negativeCount = Number(rows[0]?.negatives ?? 0);
      return {
        ok: sumOfBalances === 0 && differenceCount === 0 && negativeCount === 0,
        accounts: Number(totals?.accounts ?? 0),
        transfers: Number(totals?.transfers ?? 0),
        sumOfBalances,
        differenceCount,
        negativeCount,
        findings: rows.map((row) => ({
          accountId: Number(row.id),
          kind: row.kind,
          userId: row.user_id === null ? null : Number(row.user_id),
          balance: Number(row.balance),
          expected: Number(row.expected),
          negative: row.negative,
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

const describeFinding = (f: AccountFinding) =>
  `  #${f.accountId} ${f.kind}${f.userId === null ? '' : `（用户 ${f.userId}）`}：余额 ${fenToAmount(f.balance)}，` +
  `流水合计 ${fenToAmount(f.expected)}${f.negative ? '，不允许为负' : ''}`;

export function formatLedgerReport(report: LedgerReport): string {
  return [
    `账本核对：${report.ok ? '通过' : '发现不一致'}`,
    `  账户 ${report.accounts} 个，流水 ${report.transfers} 笔`,
    `  全部余额之和：${fenToAmount(report.sumOfBalances)}（应为 0.00）`,
    `  余额与流水不符的账户：${report.differenceCount} 个`,
    `  不应为负却为负的账户：${report.negativeCount} 个`,
    ...report.findings.map(describeFinding),
  ].join('\n');
}
