import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import {
  migrationsFolder,
  openPostgres,
  pgliteExtensions,
  wrapPglite,
  type DatabaseHandle,
} from '../src/db/client.ts';
import { seedCatalogue } from '../src/modules/catalogue/catalogue-service.ts';
import { accountIdOf, checkLedger, ESCROW_SHARDS, ledger } from '../src/modules/ledger/index.ts';
import { ledgerAccounts, ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { createUsers } from './helpers/ledger-db.ts';
import { escrowAgainstOrders, insertListing } from './helpers/orders.ts';
import { withDatabaseName } from './helpers/postgres-url.ts';
import { databaseKind } from './helpers/test-app.ts';

const BEFORE_SHARDS = '0031_ledger-system-accounts';

/** The migrations folder as it was before escrow had shards: the journal cut after BEFORE_SHARDS. */
function foldersBeforeShards(): string {
  const folder = mkdtempSync(join(tmpdir(), 'haoshi-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === BEFORE_SHARDS);
  if (cut < 0) throw new Error(`${BEFORE_SHARDS} is not in the journal`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut + 1) }));
  return folder;
}

/** An empty database (no migration yet) and a way to migrate it up to BEFORE_SHARDS only. */
async function emptyDatabase(folder: string): Promise<{
  handle: DatabaseHandle;
  migrateBeforeShards: () => Promise<void>;
  dispose: () => Promise<void>;
}> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const client = await PGlite.create({ extensions: pgliteExtensions });
    const handle = wrapPglite(client);
    return {
      handle,
      migrateBeforeShards: () => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
      dispose: () => handle.close(),
    };
  }
  const name = `haoshi_m_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = withDatabaseName(databaseUrl, name);
  const handle = openPostgres(url, 2);
  return {
    handle,
    migrateBeforeShards: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migrateNodePg(drizzle(client), { migrationsFolder: folder });
      } finally {
        await client.end();
      }
    },
    dispose: async () => {
      await handle.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

let folder: string;
beforeAll(() => {
  folder = foldersBeforeShards();
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe(`migration 0032, escrow in shards, on ${databaseKind}`, () => {
  it('moves the escrow of orders already paid to their own shard, as ledger transfers', async () => {
    const target = await emptyDatabase(folder);
    try {
      await target.migrateBeforeShards();
      const { db } = target.handle;
      await seedCatalogue(db);
      const [buyer = 0, seller = 0] = await createUsers(target.handle, 2);
      const now = new Date();
      // Order ids chosen for their shards: 32 → 0 (stays), 37 → 5, 38 → 6 (nothing held: settled).
      const held = new Map([
        [32, 10_000],
        [37, 7_000],
        [38, 0],
      ]);
      for (const [id, escrowFen] of held) {
        const goodsId = await insertListing(db, seller);
        await db.insert(orders).values({
          id,
          orderNo: `O2026112600000${id}`,
          goodsId,
          buyerId: buyer,
          sellerId: seller,
          state: escrowFen > 0 ? 'paid' : 'completed',
          priceFen: 10_000,
          guaranteeFeeFen: 0,
          discountFen: 0,
          tradeFeeFen: 500,
          payableFen: 10_000,
          sellerIncomeFen: 9_500,
          escrowFen,
          goodsCard: { id: goodsId, title: '迁移前的订单' } as never,
          payBy: now,
          createdAt: now,
          updatedAt: now,
        });
      }
      // Before 0032 all escrow sat in account 3 (shard 0's id).
      await db.transaction((tx) =>
        ledger.postMany(tx, [
          {
            debit: { kind: 'gateway_clearing' },
            credit: { kind: 'user_available', userId: buyer },
            amount: 17_000,
            kind: 'recharge.paid',
            reference: { type: 'test', id: 1 },
            idempotencyKey: 'migration:recharge',
          },
          {
            debit: { kind: 'user_available', userId: buyer },
            credit: { kind: 'escrow', shard: 0 },
            amount: 17_000,
            kind: 'order.pay',
            reference: { type: 'test', id: 1 },
            idempotencyKey: 'migration:pay',
          },
        ]),
      );

      await target.handle.migrate();

      const balanceOf = (shard: number) => ledger.accountBalance(db, { kind: 'escrow', shard });
      expect(await balanceOf(0)).toBe(10_000);
      expect(await balanceOf(5)).toBe(7_000);
      expect(await balanceOf(6)).toBe(0);
      expect(await ledger.kindBalance(db, 'escrow')).toBe(17_000);
      const moves = await db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.kind, 'order.escrow_shard'));
      expect(
        moves.map(({ debitAccountId, creditAccountId, amount, referenceType, referenceId }) => ({
          debitAccountId,
          creditAccountId,
          amount,
          referenceType,
          referenceId,
        })),
      ).toEqual([
        {
          debitAccountId: accountIdOf({ kind: 'escrow', shard: 0 }),
          creditAccountId: accountIdOf({ kind: 'escrow', shard: 5 }),
          amount: 7_000,
          referenceType: 'order',
          referenceId: '37',
        },
      ]);
      expect((await escrowAgainstOrders(db)).differingShards).toEqual([]);
      expect(await checkLedger(db)).toMatchObject({ ok: true, sumOfBalances: 0, differenceCount: 0 });
      expect(await db.$count(ledgerAccounts, eq(ledgerAccounts.kind, 'escrow'))).toBe(ESCROW_SHARDS);
    } finally {
      await target.dispose();
    }
  }, 120_000);
});
