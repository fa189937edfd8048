import { asc, eq } from 'drizzle-orm';
import { fenToAmount } from '@haoshi/contracts';
import type { DataExportSource } from '../../lib/data-export.ts';
import { ledgerAccounts } from './tables.ts';

/** The ledger's share of "my data": the user's accounts and balances (bills stay in /billList). */
export const ledgerExportSources: DataExportSource[] = [
  {
    module: 'ledger',
    title: '资金账户',
    async records(executor, userId) {
      const rows = await executor
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.userId, userId))
        .orderBy(asc(ledgerAccounts.id));
      return rows.map((row) => ({ kind: row.kind, balance: fenToAmount(row.balance) }));
    },
  },
];
