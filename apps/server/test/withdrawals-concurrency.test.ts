import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, withdrawalPaths as paths, type Page, type Withdrawal } from '@haoshi/contracts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { call, ok, readyPerson } from './helpers/withdrawal-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  warnIfNoPostgres('withdrawals concurrency');
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('100 parallel withdrawals of the whole balance', () => {
  it('exactly one succeeds; the others are refused 4001 and nothing else moves', async () => {
    const user = await readyPerson(t.app, '13600000001', 50_000);
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call<Withdrawal>(t.app, 'POST', paths.withdraw, {
          token: user.token,
          body: { amount: '500.00', method_id: user.methodId },
          headers: { 'idempotency-key': `parallel-${index}` },
        }),
      ),
    );
    const codes = responses.map((response) => response.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.INSUFFICIENT_BALANCE)).toHaveLength(99);
    expect(await ledger.balances(t.app.db, user.id)).toEqual({ available: 0, frozen: 50_000 });
    const list = await ok(call<Page<Withdrawal>>(t.app, 'GET', paths.list, { token: user.token }));
    expect(list.total).toBe(1);
    const report = await checkLedger(t.app.db);
    expect(report.ok).toBe(true);
  }, 180_000);
});
