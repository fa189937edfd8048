import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCodes } from '@haoshi/contracts';
import type { Database } from '../src/db/client.ts';
import { AppError } from '../src/lib/errors.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import {
  accountIdOf,
  accountKinds,
  accountRefOf,
  ESCROW_SHARDS,
  escrowOf,
  mayGoNegative,
  userAccountKinds,
  type AccountRef,
} from '../src/modules/ledger/accounts.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { databaseKind } from './helpers/test-app.ts';
import { createUsers, ledgerDatabase, type LedgerTestDatabase } from './helpers/ledger-db.ts';

let t: LedgerTestDatabase;
let db: Database;
let alice: number;
let bob: number;
beforeAll(async () => {
  t = await ledgerDatabase();
  db = t.handle.db;
  [alice = 0, bob = 0] = await createUsers(t.handle, 2);
});
afterAll(() => t.dispose());

const available = (userId: number): AccountRef => ({ kind: 'user_available', userId });
const frozen = (userId: number): AccountRef => ({ kind: 'user_frozen', userId });
const gateway: AccountRef = { kind: 'gateway_clearing' };
const escrow: AccountRef = { kind: 'escrow', shard: 0 };

let keys = 0;
const transfer = (
  debit: AccountRef,
  credit: AccountRef,
  amount: number,
  extra: Partial<ledger.TransferInput> = {},
) => ({
  debit,
  credit,
  amount,
  kind: 'test.move',
  reference: { type: 'test', id: 1 },
  idempotencyKey: `posting-${(keys += 1)}`,
  ...extra,
});

async function refusal(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error.errCode;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe(`ledger posting on ${databaseKind}`, () => {
  it('derives account ids from kind and user, both ways', () => {
    expect(accountIdOf(escrow)).toBe(3);
    expect(accountIdOf({ kind: 'escrow', shard: 5 })).toBe(5 * 16 + 3);
    expect(accountRefOf(15 * 16 + 3)).toEqual({ kind: 'escrow', shard: 15 });
    expect(escrowOf(16 * 4 + 9)).toEqual({ kind: 'escrow', shard: 9 });
    expect(accountIdOf(available(7))).toBe(7 * 16 + 1);
    expect(accountRefOf(7 * 16 + 2)).toEqual(frozen(7));
    expect(accountRefOf(10)).toEqual({ kind: 'adjustments' });
    expect(() => accountRefOf(16 * 3 + 15)).toThrow(RangeError);
  });

  it('has every platform-wide account from the migrations, at zero, before any posting', async () => {
    const systemKinds = accountKinds.filter(
      (kind) => !(userAccountKinds as readonly string[]).includes(kind),
    );
    const rows = await queryRows<{ id: string; kind: string; may_go_negative: boolean; balance: string }>(
      db,
      sql`select id, kind, may_go_negative, balance from ledger_accounts where user_id is null order by id`,
    );
    expect(
      rows.map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        mayGoNegative: row.may_go_negative,
        balance: Number(row.balance),
      })),
    ).toEqual(
      systemKinds
        .flatMap((kind) =>
          kind === 'escrow'
            ? Array.from({ length: ESCROW_SHARDS }, (_, shard) => ({ kind, shard }) as const)
            : [{ kind } as AccountRef],
        )
        .map((ref) => ({
          id: accountIdOf(ref),
          kind: ref.kind,
          mayGoNegative: mayGoNegative(ref.kind),
          balance: 0,
        }))
        .sort((a, b) => a.id - b.id),
    );
  });

  it('moves money from debit to credit, creating accounts on first use', async () => {
    const posted = await db.transaction((tx) =>
      ledger.post(tx, transfer(gateway, available(alice), 10_000, { metadata: { channel: 'sandbox' } })),
    );
    expect(posted).toMatchObject({
      debitAccountId: accountIdOf(gateway),
      creditAccountId: accountIdOf(available(alice)),
      amount: 10_000,
      replayed: false,
      metadata: { channel: 'sandbox' },
    });
    expect(posted.id).toBeGreaterThan(0);
    expect(await ledger.balances(db, alice)).toEqual({ available: 10_000, frozen: 0 });
    expect(await ledger.accountBalance(db, gateway)).toBe(-10_000);
    expect(await ledger.accountBalance(db, escrow)).toBe(0);
    // Several users at once (in one read): a wallet that never moved money holds 0.
    expect(await ledger.availableOf(db, [bob, alice, alice])).toEqual(
      new Map([
        [bob, 0],
        [alice, 10_000],
      ]),
    );
  });

  it('refuses to take a user account below zero, leaving nothing behind', async () => {
    const before = await checkLedger(db);
    const code = await refusal(
      db.transaction((tx) => ledger.post(tx, transfer(available(alice), escrow, 10_001))),
    );
    expect(code).toBe(ErrorCodes.INSUFFICIENT_BALANCE);
    expect(await ledger.balances(db, alice)).toEqual({ available: 10_000, frozen: 0 });
    expect((await checkLedger(db)).transfers).toBe(before.transfers);
    // A user who never received money has nothing to spend either.
    expect(await refusal(db.transaction((tx) => ledger.post(tx, transfer(available(bob), escrow, 1))))).toBe(
      ErrorCodes.INSUFFICIENT_BALANCE,
    );
  });

  it('posts a batch atomically, checking the net effect', async () => {
    const [toEscrow, toBob] = await db.transaction((tx) =>
      ledger.postMany(tx, [
        transfer(available(alice), escrow, 3_000),
        transfer(escrow, available(bob), 3_000),
      ]),
    );
    expect(toEscrow?.replayed).toBe(false);
    expect(toBob?.id).toBeGreaterThan(toEscrow?.id ?? Infinity);
    expect(await ledger.balances(db, bob)).toEqual({ available: 3_000, frozen: 0 });

    const code = await refusal(
      db.transaction((tx) =>
        ledger.postMany(tx, [
          transfer(available(bob), frozen(bob), 1_000),
          transfer(available(bob), escrow, 2_001),
        ]),
      ),
    );
    expect(code).toBe(ErrorCodes.INSUFFICIENT_BALANCE);
    expect(await ledger.balances(db, bob)).toEqual({ available: 3_000, frozen: 0 });
  });

  it('rolls the transfer back with the caller transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await ledger.post(tx, transfer(available(alice), frozen(alice), 500));
        throw new Error('business step failed');
      }),
    ).rejects.toThrow('business step failed');
    expect(await ledger.balances(db, alice)).toEqual({ available: 7_000, frozen: 0 });
  });

  it('is idempotent on the key: same parameters replay, other parameters are refused', async () => {
    const input = transfer(available(alice), frozen(alice), 1_200, {
      idempotencyKey: 'withdrawal:9:freeze',
      metadata: { b: 2, a: 1 },
    });
    const first = await db.transaction((tx) => ledger.post(tx, input));
    const again = await db.transaction((tx) => ledger.post(tx, { ...input, metadata: { a: 1, b: 2 } }));
    expect(again).toEqual({ ...first, replayed: true, metadata: { a: 1, b: 2 } });
    expect(await ledger.balances(db, alice)).toEqual({ available: 5_800, frozen: 1_200 });

    for (const changed of [
      { amount: 1_201 },
      { credit: escrow },
      { kind: 'test.other' },
      { metadata: { a: 2 } },
      { reference: { type: 'test', id: 2 } },
    ]) {
      expect(await refusal(db.transaction((tx) => ledger.post(tx, { ...input, ...changed })))).toBe(
        ErrorCodes.IDEMPOTENCY_KEY_REUSED,
      );
    }
    // A batch that repeats one posted key with new parameters is refused whole.
    const code = await refusal(
      db.transaction((tx) =>
        ledger.postMany(tx, [transfer(available(alice), escrow, 1), { ...input, amount: 5 }]),
      ),
    );
    expect(code).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
    expect(await ledger.balances(db, alice)).toEqual({ available: 5_800, frozen: 1_200 });
  });

  it('rejects malformed transfers before touching the database', async () => {
    const cases: Partial<ledger.TransferInput>[] = [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { credit: available(alice) },
      { kind: 'Bad Kind' },
      { idempotencyKey: '' },
      { reference: { type: '', id: 1 } },
      { debit: available(0) },
    ];
    for (const extra of cases) {
      expect(
        await refusal(db.transaction((tx) => ledger.post(tx, transfer(available(alice), escrow, 1, extra)))),
      ).toBe(ErrorCodes.VALIDATION_FAILED);
    }
    const duplicateKeys = [
      transfer(gateway, escrow, 1, { idempotencyKey: 'dup' }),
      transfer(gateway, escrow, 1, { idempotencyKey: 'dup' }),
    ];
    expect(await refusal(db.transaction((tx) => ledger.postMany(tx, duplicateKeys)))).toBe(
      ErrorCodes.VALIDATION_FAILED,
    );
  });

  it('lists an account history newest first with the page convention', async () => {
    const page = await ledger.history(db, available(alice), { page: 1, page_size: 2 });
    expect(page.total).toBe(3);
    expect(page.page).toBe(1);
    expect(page.page_size).toBe(2);
    expect(page.list.map((entry) => [entry.amount, entry.counterparty])).toEqual([
      [-1_200, frozen(alice)],
      [-3_000, escrow],
    ]);
    const rest = await ledger.history(db, available(alice), { page: 2, page_size: 2 });
    expect(rest.list.map((entry) => [entry.amount, entry.counterparty, entry.metadata])).toEqual([
      [10_000, gateway, { channel: 'sandbox' }],
    ]);
  });

  it('keeps the books balanced', async () => {
    const report = await checkLedger(db);
    expect(report).toMatchObject({ ok: true, sumOfBalances: 0, differenceCount: 0, negativeCount: 0 });
    expect(report.transfers).toBe(4);
  });

  it('enforces the rules in the database itself, even against raw SQL', async () => {
    const aliceId = accountIdOf(available(alice));
    const attempts = [
      sql`update ledger_accounts set balance = -1 where id = ${aliceId}`,
      sql`update ledger_accounts set may_go_negative = true where id = ${aliceId}`,
      sql`update ledger_accounts set id = id + 16 where id = ${aliceId}`,
      sql`insert into ledger_accounts (id, kind, user_id, may_go_negative) values (${ESCROW_SHARDS * 16 + 3}, 'escrow', null, false)`,
      sql`insert into ledger_transfers (debit_account_id, credit_account_id, amount, kind, reference_type, reference_id, idempotency_key)
          values (${aliceId}, 3, 0, 'raw', 'raw', '1', 'raw-zero')`,
      sql`update ledger_transfers set amount = amount + 1`,
      sql`delete from ledger_transfers`,
      sql`truncate ledger_transfers cascade`,
    ];
    for (const attempt of attempts) {
      await expect(db.execute(attempt)).rejects.toThrow();
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('keeps each escrow shard to itself: no overdraft from another shard, no shard out of range', async () => {
    const shard = (n: number): AccountRef => ({ kind: 'escrow', shard: n });
    await db.transaction((tx) => ledger.post(tx, transfer(gateway, available(bob), 500)));
    await db.transaction((tx) => ledger.post(tx, transfer(available(bob), shard(7), 300)));
    expect(await ledger.accountBalance(db, shard(7))).toBe(300);
    expect(await ledger.kindBalance(db, 'escrow')).toBe(300);
    // Shard 8 holds nothing, whatever shard 7 holds.
    expect(
      await refusal(db.transaction((tx) => ledger.post(tx, transfer(shard(8), available(bob), 1)))),
    ).toBe(ErrorCodes.INSUFFICIENT_BALANCE);
    for (const bad of [-1, ESCROW_SHARDS, 1.5])
      expect(
        await refusal(db.transaction((tx) => ledger.post(tx, transfer(available(bob), shard(bad), 1)))),
      ).toBe(ErrorCodes.VALIDATION_FAILED);
    await db.transaction((tx) => ledger.post(tx, transfer(shard(7), available(bob), 300)));
    expect(await ledger.kindBalance(db, 'escrow')).toBe(0);
    await db.transaction((tx) => ledger.post(tx, transfer(available(bob), gateway, 500)));
  });
});
