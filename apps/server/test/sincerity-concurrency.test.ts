import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ErrorCodes, type SincerityPayResult } from '@haoshi/contracts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';

let t: TestApp;
beforeAll(async () => {
  warnIfNoPostgres('sincerity-concurrency');
  t = await createTestApp();
});
afterAll(() => t.close());

async function funded(phone: string, fen: number) {
  const session = await login(t.app, phone);
  await ledger.post(t.app.db, {
    debit: { kind: 'adjustments' },
    credit: { kind: 'user_available', userId: session.user.id },
    amount: fen,
    kind: 'test.credit',
    reference: { type: 'test', id: phone },
    idempotencyKey: `test:sincerity-concurrency:${phone}`,
  });
  return { token: session.token, id: session.user.id };
}

async function movementsOf(userId: number): Promise<number> {
  const result = (await t.app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from sincerity_movements where user_id = ${userId}`,
  )) as { rows: { n: number }[] };
  return Number(result.rows[0]?.n);
}

async function expectBooksBalance() {
  const result = (await t.app.db.execute<{ total: string | number }>(
    sql`select coalesce(sum(held), 0)::bigint as total from sincerity_holdings`,
  )) as { rows: { total: string | number }[] };
  expect(Number(result.rows[0]?.total)).toBe(await ledger.accountBalance(t.app.db, { kind: 'deposit' }));
  expect((await checkLedger(t.app.db)).ok).toBe(true);
}

describe(`sincerity deposit under concurrency (${databaseKind})`, () => {
  it('the same Idempotency-Key 100 times at once pays once and answers the same', async () => {
    const a = await funded('13710000001', 3000_00);
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        call<SincerityPayResult>(t.app, 'POST', '/app/order/sincerity', {
          token: a.token,
          body: { level: 'gold' },
          headers: { 'idempotency-key': 'pay-gold-1' },
        }),
      ),
    );
    const codes = results.map((result) => result.body.err_code);
    // Duplicates arriving while the first runs are told to wait (1007); every other answer is the first one.
    expect(codes.every((code) => code === 0 || code === ErrorCodes.IDEMPOTENCY_IN_PROGRESS)).toBe(true);
    const successes = results.filter((result) => result.body.err_code === 0);
    expect(successes.length).toBeGreaterThan(0);
    expect(new Set(successes.map((result) => result.body.data?.movement_id)).size).toBe(1);
    expect(successes[0]?.body.data).toMatchObject({ paid: '2000.00', held: '2000.00' });
    expect((await ledger.balances(t.app.db, a.id)).available).toBe(1000_00);
    expect(await movementsOf(a.id)).toBe(1);

    const retry = await call<SincerityPayResult>(t.app, 'POST', '/app/order/sincerity', {
      token: a.token,
      body: { level: 'gold' },
      headers: { 'idempotency-key': 'pay-gold-1' },
    });
    expect(retry.response.headers['idempotent-replayed']).toBe('true');
    const other = await call(t.app, 'POST', '/app/order/sincerity', {
      token: a.token,
      body: { level: 'basic' },
      headers: { 'idempotency-key': 'pay-gold-1' },
    });
    expect(other.body.err_code).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
    await expectBooksBalance();
  });

  it('parallel payments without a key: exactly one reaches the level, the rest are told so', async () => {
    const a = await funded('13710000002', 5000_00);
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'gold' } }),
      ),
    );
    const codes = results.map((result) => result.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.SINCERITY_LEVEL_REACHED)).toHaveLength(29);
    expect((await ledger.balances(t.app.db, a.id)).available).toBe(3000_00);
    await expectBooksBalance();
  });

  it('parallel pay and close on the same holding stay consistent', async () => {
    const a = await funded('13710000003', 3000_00);
    await call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'basic' } });
    await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call(t.app, 'POST', '/app/sincerity/close', { token: a.token, body: { kind: 'seller' } }),
      ),
      ...Array.from({ length: 10 }, () =>
        call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'quality' } }),
      ),
    ]);
    const result = (await t.app.db.execute<{ held: string | number }>(
      sql`select held from sincerity_holdings where user_id = ${a.id} and kind = 'seller'`,
    )) as { rows: { held: string | number }[] };
    const held = Number(result.rows[0]?.held);
    expect((await ledger.balances(t.app.db, a.id)).available + held).toBe(3000_00);
    await expectBooksBalance();
  });
});
