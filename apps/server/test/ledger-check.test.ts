import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openPglite, type DatabaseHandle } from '../src/db/client.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import {
  accountIdOf,
  accountKinds,
  ESCROW_SHARDS,
  userAccountKinds,
} from '../src/modules/ledger/accounts.ts';
import { checkLedger, formatLedgerReport } from '../src/modules/ledger/ledger-check.ts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { databaseKind } from './helpers/test-app.ts';
import { createUsers, ledgerDatabase, type LedgerTestDatabase } from './helpers/ledger-db.ts';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));
/** One account per platform-wide kind, escrow one per shard. */
const SYSTEM_ACCOUNTS = accountKinds.length - userAccountKinds.length - 1 + ESCROW_SHARDS;

async function seedTransfers(handle: DatabaseHandle) {
  const [buyer = 0, seller = 0] = await createUsers(handle, 2);
  await handle.db.transaction((tx) =>
    ledger.postMany(tx, [
      {
        debit: { kind: 'gateway_clearing' },
        credit: { kind: 'user_available', userId: buyer },
        amount: 10_000,
        kind: 'test.pay',
        reference: { type: 'test', id: 1 },
        idempotencyKey: 'check-1',
      },
      {
        debit: { kind: 'user_available', userId: buyer },
        credit: { kind: 'escrow', shard: 0 },
        amount: 8_000,
        kind: 'test.pay',
        reference: { type: 'test', id: 1 },
        idempotencyKey: 'check-2',
      },
      {
        debit: { kind: 'escrow', shard: 0 },
        credit: { kind: 'user_available', userId: seller },
        amount: 7_600,
        kind: 'test.pay',
        reference: { type: 'test', id: 1 },
        idempotencyKey: 'check-3',
      },
      {
        debit: { kind: 'escrow', shard: 0 },
        credit: { kind: 'platform_fee' },
        amount: 400,
        kind: 'test.pay',
        reference: { type: 'test', id: 1 },
        idempotencyKey: 'check-4',
      },
    ]),
  );
  return { buyer, seller };
}

let t: LedgerTestDatabase;
beforeAll(async () => {
  t = await ledgerDatabase();
});
afterAll(() => t.dispose());

describe(`ledger reconciliation on ${databaseKind}`, () => {
  it('passes on an empty ledger and on a consistent one', async () => {
    // The platform-wide accounts exist from the migrations, at zero (migrations 0031, 0032).
    expect(await checkLedger(t.handle.db)).toEqual({
      ok: true,
      accounts: SYSTEM_ACCOUNTS,
      transfers: 0,
      sumOfBalances: 0,
      differenceCount: 0,
      negativeCount: 0,
      findings: [],
    });
    await seedTransfers(t.handle);
    const report = await checkLedger(t.handle.db);
    // The buyer's and the seller's accounts are new.
    expect(report).toMatchObject({ ok: true, accounts: SYSTEM_ACCOUNTS + 2, transfers: 4, sumOfBalances: 0 });
    expect(formatLedgerReport(report)).toContain('账本核对：通过');
  });

  it('catches a tampered balance', async () => {
    const fee = accountIdOf({ kind: 'platform_fee' });
    await t.handle.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${fee}`);
    const report = await checkLedger(t.handle.db);
    expect(report).toMatchObject({ ok: false, sumOfBalances: 1, differenceCount: 1, negativeCount: 0 });
    expect(report.findings).toEqual([
      { accountId: fee, kind: 'platform_fee', userId: null, balance: 401, expected: 400, negative: false },
    ]);
    expect(formatLedgerReport(report)).toContain('#5 platform_fee：余额 4.01，流水合计 4.00');
    await t.handle.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${fee}`);
    expect((await checkLedger(t.handle.db)).ok).toBe(true);
  });

  it('catches a negative user balance even with the database constraint gone', async () => {
    const db = t.handle.db;
    await db.execute(sql`alter table ledger_accounts drop constraint ledger_accounts_balance_check`);
    const [row] = await queryRows<{ id: string | number }>(
      db,
      sql`select id from ledger_accounts where kind = 'user_available' order by id limit 1`,
    );
    await db.execute(sql`update ledger_accounts set balance = -5 where id = ${Number(row?.id)}`);
    const report = await checkLedger(db);
    expect(report).toMatchObject({ ok: false, differenceCount: 1, negativeCount: 1 });
    expect(report.findings[0]).toMatchObject({ kind: 'user_available', balance: -5, negative: true });
  });
});

interface CliTarget {
  env: Record<string, string>;
  use: (work: (handle: DatabaseHandle) => Promise<unknown>) => Promise<void>;
  dispose: () => Promise<void>;
}

/** A database the command line can open too: its own PostgreSQL database, or a PGlite directory. */
async function cliTarget(): Promise<CliTarget> {
  if (process.env.DATABASE_URL) {
    const own = await ledgerDatabase(1);
    return {
      env: { DATABASE_URL: own.url ?? '' },
      use: async (work) => void (await work(own.handle)),
      dispose: own.dispose,
    };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-ledger-check-'));
  return {
    env: { DATA_DIR: dataDir },
    // PGlite holds its directory while open: close it before the command line opens it.
    use: async (work) => {
      const handle = await openPglite(dataDir);
      try {
        await handle.migrate();
        await work(handle);
      } finally {
        await handle.close();
      }
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe('npm run ledger:check', () => {
  const run = (env: Record<string, string>) => {
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger-check.ts'], {
      cwd: serverRoot,
      env: { ...inherited, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
      timeout: 60_000,
    });
  };

  it('prints the report and exits non-zero on a difference', async () => {
    const target = await cliTarget();
    try {
      await target.use(async (handle) => {
        await seedTransfers(handle);
        await handle.db.execute(sql`update ledger_accounts set balance = balance + 100 where id = 3`);
      });
      const failing = run(target.env);
      expect(failing.status, failing.stderr).toBe(1);
      expect(failing.stdout).toContain('账本核对：发现不一致');
      expect(failing.stdout).toContain('全部余额之和：1.00');

      await target.use((handle) =>
        handle.db.execute(sql`update ledger_accounts set balance = balance - 100 where id = 3`),
      );
      const passing = run(target.env);
      expect(passing.status, passing.stderr).toBe(0);
      expect(passing.stdout).toContain('账本核对：通过');
    } finally {
      await target.dispose();
    }
  }, 120_000);
});
