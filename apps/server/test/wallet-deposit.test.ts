import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import {
  walletPaths,
  type BillList,
  type BillStatement,
  type SincerityCloseResult,
  type SincerityPayResult,
  type WalletSummary,
} from '@haoshi/contracts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { backdate, postMoney } from './helpers/wallet.ts';

let t: TestApp;
let carol = { token: '', id: 0 };

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app, '13966660011');
  carol = { token: session.token, id: session.user.id };
});
afterAll(() => t.close());

const get = async <T>(path: string) => (await call<T>(t.app, 'GET', path, { token: carol.token })).body.data;

/** Moves every bill of carol's into the test clock's month (the ledger stamps the database time). */
async function intoThisMonth() {
  const rows = await t.database.db
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(
      and(eq(ledgerTransfers.referenceType, 'sincerity'), like(ledgerTransfers.referenceId, `${carol.id}:%`)),
    );
  await backdate(
    t.database.db,
    rows.map((row) => row.id),
    new Date('2026-11-20T02:00:00Z'),
  );
}

describe(`the sincerity deposit in the wallet on ${databaseKind} (issue 10 E.4)`, () => {
  it('is held money in 总资产 and a bill that counts as neither income nor expense', async () => {
    const credit = await postMoney(t.database.db, { userId: carol.id, fen: 30_000 });
    await backdate(t.database.db, [credit], new Date('2026-11-20T01:00:00Z'));
    const paid = await call<SincerityPayResult>(t.app, 'POST', '/app/order/sincerity', {
      token: carol.token,
      body: { level: 'basic' },
    });
    expect(paid.body.data).toMatchObject({ paid: '100.00', held: '100.00' });
    await intoThisMonth();

    expect(await get<WalletSummary>(walletPaths.wallet)).toMatchObject({
      available: '200.00',
      frozen: '0.00',
      deposit: '100.00',
      total: '300.00',
      month_income: '300.00',
      month_expense: '0.00',
    });
    const bills = await get<BillList>(walletPaths.bill);
    expect(bills?.list[0]).toMatchObject({
      type: 'deposit',
      type_label: '保证金',
      title: '缴纳保证金',
      direction: 'out',
      flow: 'internal',
      amount: '-100.00',
    });
    expect(bills?.list[1]).toMatchObject({ type: 'adjustment', flow: 'income', amount: '300.00' });
    expect(bills?.months).toEqual([{ month: '2026-11', income: '300.00', expense: '0.00', count: 2 }]);
    const statement = await get<BillStatement>(`${walletPaths.billStatement}?months=1`);
    expect(statement?.months).toEqual([
      {
        month: '2026-11',
        opening: '0.00',
        income: '300.00',
        expense: '0.00',
        internal: '-100.00',
        closing: '200.00',
        count: 2,
      },
    ]);
    expect(statement?.available).toBe('200.00');
  });

  it('comes back to the available balance when closed, again neither income nor expense', async () => {
    const closed = await call<SincerityCloseResult>(t.app, 'POST', '/app/sincerity/close', {
      token: carol.token,
      body: { kind: 'seller' },
    });
    expect(closed.body.data).toMatchObject({ released: '100.00' });
    await intoThisMonth();
    expect(await get<WalletSummary>(walletPaths.wallet)).toMatchObject({
      available: '300.00',
      deposit: '0.00',
      total: '300.00',
      month_income: '300.00',
      month_expense: '0.00',
    });
    const returned = await get<BillList>(`${walletPaths.bill}?type=deposit`);
    expect(returned?.list.map((bill) => [bill.title, bill.direction, bill.flow, bill.amount])).toEqual([
      ['保证金退回', 'in', 'internal', '100.00'],
      ['缴纳保证金', 'out', 'internal', '-100.00'],
    ]);
    expect(returned?.months).toEqual([{ month: '2026-11', income: '0.00', expense: '0.00', count: 2 }]);
    const statement = await get<BillStatement>(`${walletPaths.billStatement}?months=1`);
    expect(statement?.months[0]).toMatchObject({ internal: '0.00', closing: '300.00' });
  });
});
