import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { ErrorCodes } from '@haoshi/contracts';
import type { Database } from '../src/db/client.ts';
import { AppError } from '../src/lib/errors.ts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { accountIdOf, type AccountRef } from '../src/modules/ledger/accounts.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { databaseKind } from './helpers/test-app.ts';
import {
  createUsers,
  ledgerDatabase,
  warnIfNoPostgres,
  type LedgerTestDatabase,
} from './helpers/ledger-db.ts';

const onPostgres = databaseKind === 'postgres';
const CONNECTIONS = 16;
/** Random operations of the big run: ≥ 20,000 transfers on PostgreSQL. */
const OPERATIONS = onPostgres ? 24_000 : 1_500;

let t: LedgerTestDatabase;
let db: Database;
let userIds: number[];
beforeAll(async () => {
  warnIfNoPostgres('ledger concurrency');
  t = await ledgerDatabase(CONNECTIONS);
  db = t.handle.db;
  userIds = await createUsers(t.handle, onPostgres ? 120 : 30);
});
afterAll(() => t.dispose());

const available = (userId: number): AccountRef => ({ kind: 'user_available', userId });
const frozen = (userId: number): AccountRef => ({ kind: 'user_frozen', userId });
const escrow: AccountRef = { kind: 'escrow', shard: 0 };
const gateway: AccountRef = { kind: 'gateway_clearing' };

/** mulberry32: a seeded generator, so a failing run can be repeated. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = Math.imul(state ^ (state >>> 15), 1 | state);
    x ^= x + Math.imul(x ^ (x >>> 7), 61 | x);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, below: (n: number) => Math.floor(next() * n) };
}

/** Runs `task(i)` for i < total from `workers` concurrent loops. */
async function inParallel(total: number, workers: number, task: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (next < total) await task(next++);
    }),
  );
}

async function outcome<T>(promise: Promise<T>): Promise<T | number> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError) return error.errCode;
    throw error;
  }
}

async function allBalances(): Promise<Map<number, number>> {
  const rows = await queryRows<{ id: string | number; balance: string | number }>(
    db,
    sql`select id, balance from ledger_accounts`,
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.balance)]));
}

let keySeq = 0;
const input = (
  debit: AccountRef,
  credit: AccountRef,
  amount: number,
  kind = 'test.move',
): ledger.TransferInput => ({
  debit,
  credit,
  amount,
  kind,
  reference: { type: 'test', id: kind },
  idempotencyKey: `c-${(keySeq += 1)}`,
});

describe(`ledger under concurrency on ${databaseKind}`, () => {
  it(`keeps every invariant through ${OPERATIONS.toLocaleString()} random operations from ${CONNECTIONS} connections`, async () => {
    const seed = Date.now() % 1_000_000;
    const random = generator(seed);
    const user = () => userIds[random.below(userIds.length)] ?? 0;
    const otherThan = (id: number) => {
      for (;;) {
        const other = user();
        if (other !== id) return other;
      }
    };
    /** What the test itself believes every balance is, from the postings that succeeded. */
    const expected = new Map<number, number>();
    const book = (transfers: ledger.TransferInput[]) => {
      for (const { debit, credit, amount } of transfers) {
        expected.set(accountIdOf(debit), (expected.get(accountIdOf(debit)) ?? 0) - amount);
        expected.set(accountIdOf(credit), (expected.get(accountIdOf(credit)) ?? 0) + amount);
      }
    };
    const funding = userIds.map((id) => input(gateway, available(id), 200_000, 'test.fund'));
    await db.transaction((tx) => ledger.postMany(tx, funding));
    book(funding);

    const posted: ledger.TransferInput[] = [];
    const tally = { transfers: funding.length, refused: 0, replayed: 0, keyReused: 0 };
    const plan = (): ledger.TransferInput[] => {
      const a = user();
      const amount = 1 + random.below(3_000);
      const roll = random.below(100);
      if (roll < 35) return [input(available(a), available(otherThan(a)), amount)];
      if (roll < 50) return [input(available(a), frozen(a), amount)];
      if (roll < 60) return [input(frozen(a), available(a), amount)];
      if (roll < 70) return [input(available(a), escrow, amount)];
      if (roll < 80) return [input(escrow, available(a), amount)];
      if (roll < 84) return [input(gateway, available(a), amount, 'test.fund')];
      if (roll < 88)
        return [input({ kind: 'user_available', userId: a }, { kind: 'payout_clearing' }, amount)];
      // An order settling: the buyer pays into escrow, the seller is paid and the fee is kept.
      const seller = otherThan(a);
      const fee = Math.floor(amount / 20);
      return [
        input(available(a), escrow, amount),
        input(escrow, available(seller), amount - fee),
        input(escrow, { kind: 'platform_fee' }, fee),
      ].filter((transfer) => transfer.amount > 0);
    };

    await inParallel(OPERATIONS, CONNECTIONS, async () => {
      const roll = random.below(100);
      const previous = posted[random.below(Math.max(posted.length, 1))];
      if (roll < 4 && previous) {
        // A retry: the same key and parameters change nothing and return the first transfer.
        const result = await outcome(ledger.post(db, previous));
        expect(typeof result === 'object' && result.replayed).toBe(true);
        tally.replayed += 1;
        return;
      }
      if (roll < 6 && previous) {
        const result = await outcome(
          db.transaction((tx) => ledger.post(tx, { ...previous, amount: previous.amount + 1 })),
        );
        expect(result).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
        tally.keyReused += 1;
        return;
      }
      const transfers = plan();
      const attempt =
        roll % 2 === 0
          ? db.transaction((tx) => ledger.postMany(tx, transfers))
          : ledger.postMany(db, transfers);
      const result = await outcome(attempt);
      if (typeof result === 'number') {
        expect(result).toBe(ErrorCodes.INSUFFICIENT_BALANCE);
        tally.refused += 1;
        return;
      }
      book(transfers);
      posted.push(...transfers);
      tally.transfers += transfers.length;
    });

    const report = await checkLedger(db);
    expect(report, `seed ${seed}`).toMatchObject({
      ok: true,
      sumOfBalances: 0,
      differenceCount: 0,
      negativeCount: 0,
    });
    expect(report.transfers).toBe(tally.transfers);
    const balances = await allBalances();
    for (const [accountId, balance] of expected)
      expect(balances.get(accountId) ?? 0, `account ${accountId}`).toBe(balance);
    if (onPostgres) expect(tally.transfers).toBeGreaterThanOrEqual(20_000);
    expect(tally.refused).toBeGreaterThan(0);
    expect(tally.replayed).toBeGreaterThan(0);
    expect(tally.keyReused).toBeGreaterThan(0);
  }, 300_000);

  it('lets exactly one of 100 parallel whole-balance withdrawals through', async () => {
    const [saver = 0] = await createUsers(t.handle, 1, 900);
    await ledger.post(db, input(gateway, available(saver), 5_000, 'test.fund'));
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        outcome(
          db.transaction((tx) =>
            ledger.post(tx, input(available(saver), { kind: 'payout_clearing' }, 5_000)),
          ),
        ),
      ),
    );
    expect(results.filter((result) => typeof result === 'object')).toHaveLength(1);
    expect(results.filter((result) => result === ErrorCodes.INSUFFICIENT_BALANCE)).toHaveLength(99);
    expect(await ledger.balances(db, saver)).toEqual({ available: 0, frozen: 0 });
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('creates an account that parallel postings are the first to credit, and adds every one', async () => {
    // Until migration 0030 a second unique index beside the primary key could make a posting that
    // created the account at the same moment as another fail with 23505 (ON CONFLICT waits only on its
    // arbiter, the primary key), instead of waiting and adding. The race is narrow: bench/orders met
    // it once in ~16,000 postings; this run asserts the outcome, it cannot force the interleaving.
    const newcomers = await createUsers(t.handle, onPostgres ? 40 : 5, 950);
    for (const newcomer of newcomers) {
      const transfers = await Promise.all(
        Array.from({ length: CONNECTIONS }, () =>
          db.transaction((tx) => ledger.post(tx, input(gateway, available(newcomer), 10, 'test.fund'))),
        ),
      );
      expect(transfers).toHaveLength(CONNECTIONS);
      expect(await ledger.balances(db, newcomer)).toEqual({ available: 10 * CONNECTIONS, frozen: 0 });
    }
    expect((await checkLedger(db)).ok).toBe(true);
  });

  it('applies one key sent 100 times at once exactly once', async () => {
    const [payee = 0] = await createUsers(t.handle, 1, 901);
    const once = { ...input(gateway, available(payee), 777, 'test.fund'), idempotencyKey: 'payment:wx:42' };
    const results = await Promise.all(
      Array.from({ length: 100 }, () => db.transaction((tx) => ledger.post(tx, once))),
    );
    expect(new Set(results.map((transfer) => transfer.id)).size).toBe(1);
    expect(results.filter((transfer) => !transfer.replayed)).toHaveLength(1);
    expect(await ledger.balances(db, payee)).toEqual({ available: 777, frozen: 0 });
  });

  it('refuses the same key with other parameters, at once, letting only one through', async () => {
    const [payee = 0] = await createUsers(t.handle, 1, 902);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        outcome(
          db.transaction((tx) =>
            ledger.post(tx, {
              ...input(gateway, available(payee), 100 + index, 'test.fund'),
              idempotencyKey: 'payment:wx:43',
            }),
          ),
        ),
      ),
    );
    const winners = results.filter((result): result is ledger.Transfer => typeof result === 'object');
    expect(winners).toHaveLength(1);
    expect(results.filter((result) => result === ErrorCodes.IDEMPOTENCY_KEY_REUSED)).toHaveLength(99);
    expect(await ledger.balances(db, payee)).toEqual({ available: winners[0]?.amount, frozen: 0 });
  });

  // Needs two connections racing, which only PostgreSQL has; warnIfNoPostgres says so on PGlite.
  if (onPostgres) {
    it('refuses a debit from an account created by a transaction that committed meanwhile', async () => {
      const [owner = 0] = await createUsers(t.handle, 1, 904);
      await ledger.post(db, input(gateway, available(owner), 1_000, 'test.fund'));
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      // T1 creates the frozen account and holds the available one locked until the gate opens.
      const freezing = db.transaction(async (tx) => {
        await ledger.post(tx, input(available(owner), frozen(owner), 600));
        await gate;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      // T2 starts (and takes its snapshot) while T1 is open, then waits for T1's lock.
      const unfreezing = outcome(ledger.post(db, input(frozen(owner), available(owner), 600)));
      for (let waited = 0; waited < 50; waited += 1) {
        const [row] = await queryRows<{ waiting: string | number }>(
          db,
          sql`select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        if (Number(row?.waiting) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await freezing;
      expect(await unfreezing).toBe(ErrorCodes.INSUFFICIENT_BALANCE);
      expect(await ledger.balances(db, owner)).toEqual({ available: 400, frozen: 600 });
      expect((await checkLedger(db)).ok).toBe(true);
      // Once committed, the account is seen like any other.
      expect(await outcome(ledger.post(db, input(frozen(owner), available(owner), 600)))).toMatchObject({
        amount: 600,
      });
    });
  }

  it('does not deadlock when money flows both ways between the same accounts', async () => {
    const [left = 0, right = 0] = await createUsers(t.handle, 2, 910);
    await ledger.postMany(db, [
      input(gateway, available(left), 100_000, 'test.fund'),
      input(gateway, available(right), 100_000, 'test.fund'),
    ]);
    await inParallel(onPostgres ? 2_000 : 200, CONNECTIONS, async (index) => {
      const [from, to] = index % 2 === 0 ? [left, right] : [right, left];
      await db.transaction((tx) =>
        ledger.postMany(tx, [input(available(from), escrow, 10), input(escrow, available(to), 10)]),
      );
    });
    expect(await ledger.balances(db, left)).toEqual({ available: 100_000, frozen: 0 });
    expect(await ledger.balances(db, right)).toEqual({ available: 100_000, frozen: 0 });
    const [{ value } = { value: 0 }] = await db.select({ value: count() }).from(ledgerTransfers);
    expect((await checkLedger(db)).transfers).toBe(value);
  });
});
