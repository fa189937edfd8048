import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amountToFen,
  billTypes,
  walletPaths,
  type BillDetail,
  type BillItem,
  type BillList,
  type BillStatement,
  type BillType,
  type ProfitList,
  type ProfitSummary,
  type WalletSummary,
} from '@haoshi/contracts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import { backdate, postMoney } from './helpers/wallet.ts';

let t: TestApp;
let alice: { token: string; id: number };
let bob: { token: string; id: number };
const bills: Record<string, number> = {};

const get = <T>(path: string, token?: string) => call<T>(t.app, 'GET', path, token ? { token } : {});

/** Every bill of a filtered list, walking the pages. */
async function allBills(token: string, filter: string): Promise<BillItem[]> {
  const items: BillItem[] = [];
  for (let page = 1; page < 50; page += 1) {
    const { body } = await get<BillList>(`${walletPaths.bill}?page=${page}&page_size=2${filter}`, token);
    expect(body.err_code).toBe(0);
    items.push(...(body.data?.list ?? []));
    if (items.length >= (body.data?.total ?? 0)) return items;
  }
  throw new Error('too many pages');
}

const fen = (amount: string) =>
  amount.startsWith('-') ? -amountToFen(amount.slice(1)) : amountToFen(amount);

beforeAll(async () => {
  t = await createTestApp();
  const a = await login(t.app, '13966660001');
  const b = await login(t.app, '13966660002');
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
  const db = t.database.db;
  // September: a manual credit of 100.00 (what `npm run admin -- credit` books).
  bills.credit = await postMoney(db, { userId: alice.id, fen: 10_000 });
  await backdate(db, [bills.credit], new Date('2026-09-15T04:00:00Z'));
  // October: a recharge of 50.00 and a sale income of 5.00.
  bills.recharge = await postMoney(db, {
    userId: alice.id,
    fen: 5_000,
    kind: 'recharge.paid',
    other: { kind: 'gateway_clearing' },
    metadata: { channel: 'alipay', order_no: 'R202610310001' },
  });
  bills.octoberPay = await postMoney(db, {
    userId: alice.id,
    fen: 500,
    kind: 'order.pay',
    direction: 'out',
    other: { kind: 'escrow', shard: 0 },
  });
  bills.octoberSale = await postMoney(db, {
    userId: alice.id,
    fen: 500,
    kind: 'order.settle',
    other: { kind: 'escrow', shard: 0 },
  });
  await backdate(db, [bills.recharge, bills.octoberPay, bills.octoberSale], new Date('2026-10-31T15:59:59Z'));
  // November (China time; the test clock is 2026-11-21 10:00 there): buy 30.00, sell 20.00 today,
  // hold 10.00 for a withdrawal.
  bills.pay = await postMoney(db, {
    userId: alice.id,
    fen: 3_000,
    kind: 'order.pay',
    direction: 'out',
    other: { kind: 'escrow', shard: 0 },
  });
  bills.sale = await postMoney(db, {
    userId: alice.id,
    fen: 2_000,
    kind: 'order.settle',
    other: { kind: 'escrow', shard: 0 },
  });
  bills.freeze = await postMoney(db, {
    userId: alice.id,
    fen: 1_000,
    kind: 'withdrawal.freeze',
    direction: 'out',
    other: { kind: 'user_frozen', userId: alice.id },
  });
  await backdate(db, [bills.pay], new Date('2026-10-31T16:00:00Z'));
  await backdate(db, [bills.sale], new Date('2026-11-21T01:00:00Z'));
  await backdate(db, [bills.freeze], new Date('2026-11-21T01:30:00Z'));
  // Bob has one bill of his own.
  bills.bob = await postMoney(db, { userId: bob.id, fen: 700 });
  await backdate(db, [bills.bob], new Date('2026-11-02T00:00:00Z'));
});
afterAll(() => t.close());

describe(`wallet and bills on ${databaseKind}`, () => {
  it('needs a session for every wallet call', async () => {
    for (const path of [
      walletPaths.wallet,
      walletPaths.bill,
      `${walletPaths.billDetail}?id=${bills.credit}`,
      walletPaths.billStatement,
      walletPaths.profit,
      walletPaths.transferMain,
    ]) {
      expect((await get(path)).body.err_code, path).toBe(400);
    }
    const list = await call(t.app, 'POST', walletPaths.profitList, { body: {} });
    expect(list.body.err_code).toBe(400);
  });

  it('shows the balances and this month’s money in and out', async () => {
    const { body } = await get<WalletSummary>(walletPaths.wallet, alice.token);
    expect(body.err_code).toBe(0);
    // 100 + 50 − 5 + 5 − 30 + 20 − 10 = 130 available, 10 frozen.
    expect(body.data).toMatchObject({
      available: '130.00',
      frozen: '10.00',
      deposit: '0.00',
      total: '140.00',
      month: '2026-11',
      month_income: '20.00',
      month_expense: '40.00',
    });
    expect(body.data?.entries.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        '/personRecharge',
        '/withdrawDeposit',
        '/billList',
        '/paymentType',
        '/cashPledgeRecord',
        '/myCoupon',
      ]),
    );
  });

  it('lists the bills newest first with types derived from the transfer kinds', async () => {
    const { body } = await get<BillList>(walletPaths.bill, alice.token);
    expect(body.data?.total).toBe(7);
    expect(body.data?.list.map((bill) => [bill.id, bill.type, bill.amount, bill.month])).toEqual([
      [bills.freeze, 'withdrawal', '-10.00', '2026-11'],
      [bills.sale, 'sale_income', '20.00', '2026-11'],
      [bills.pay, 'purchase', '-30.00', '2026-11'],
      [bills.octoberSale, 'sale_income', '5.00', '2026-10'],
      [bills.octoberPay, 'purchase', '-5.00', '2026-10'],
      [bills.recharge, 'recharge', '50.00', '2026-10'],
      [bills.credit, 'adjustment', '100.00', '2026-09'],
    ]);
    expect(body.data?.list[0]).toMatchObject({
      type_label: '提现',
      title: '余额提现',
      direction: 'out',
      flow: 'expense',
    });
  });

  it('filters by type and by China-time month', async () => {
    const byType = async (type: BillType) => (await allBills(alice.token, `&type=${type}`)).map((b) => b.id);
    expect(await byType('recharge')).toEqual([bills.recharge]);
    expect(await byType('purchase')).toEqual([bills.pay, bills.octoberPay]);
    expect(await byType('sale_income')).toEqual([bills.sale, bills.octoberSale]);
    expect(await byType('adjustment')).toEqual([bills.credit]);
    expect(await byType('transfer_in')).toEqual([]);
    // 2026-10-31T16:00Z is already November in China; 15:59:59Z is still October.
    const october = await allBills(alice.token, '&month=2026-10');
    expect(october.map((b) => b.id)).toEqual([bills.octoberSale, bills.octoberPay, bills.recharge]);
    const novemberPurchases = await allBills(alice.token, '&month=2026-11&type=purchase');
    expect(novemberPurchases.map((b) => b.id)).toEqual([bills.pay]);
    expect(await allBills(alice.token, '&month=2026-08')).toEqual([]);
  });

  it('answers monthly totals that equal the sum of the listed bills, for every filter', async () => {
    for (const type of [undefined, ...billTypes]) {
      const filter = type ? `&type=${type}` : '';
      const listed = await allBills(alice.token, filter);
      const { body } = await get<BillList>(`${walletPaths.bill}?page_size=1${filter}`, alice.token);
      const expected = new Map<string, { income: number; expense: number; count: number }>();
      for (const bill of listed) {
        const month = expected.get(bill.month) ?? { income: 0, expense: 0, count: 0 };
        const amount = fen(bill.amount);
        if (bill.flow === 'income') month.income += amount;
        if (bill.flow === 'expense') month.expense -= amount;
        month.count += 1;
        expected.set(bill.month, month);
      }
      const months = body.data?.months ?? [];
      expect(
        months.map((m) => m.month),
        String(type),
      ).toEqual([...expected.keys()].sort().reverse());
      for (const month of months) {
        expect(
          { income: fen(month.income), expense: fen(month.expense), count: month.count },
          `${type} ${month.month}`,
        ).toEqual(expected.get(month.month));
      }
    }
  });

  it('builds a statement where every month closes at opening + in − out ± internal and the last at the balance', async () => {
    const { body } = await get<BillStatement>(walletPaths.billStatement, alice.token);
    expect(body.err_code).toBe(0);
    const months = body.data?.months ?? [];
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe('2026-11');
    for (const [index, month] of months.entries()) {
      expect(fen(month.closing), month.month).toBe(
        fen(month.opening) + fen(month.income) - fen(month.expense) + fen(month.internal),
      );
      const older = months[index + 1];
      if (older) expect(month.opening, month.month).toBe(older.closing);
    }
    expect(months[0]?.closing).toBe(body.data?.available);
    expect(months.slice(0, 3)).toEqual([
      {
        month: '2026-11',
        opening: '150.00',
        income: '20.00',
        expense: '40.00',
        internal: '0.00',
        closing: '130.00',
        count: 3,
      },
      {
        month: '2026-10',
        opening: '100.00',
        income: '55.00',
        expense: '5.00',
        internal: '0.00',
        closing: '150.00',
        count: 3,
      },
      {
        month: '2026-09',
        opening: '0.00',
        income: '100.00',
        expense: '0.00',
        internal: '0.00',
        closing: '100.00',
        count: 1,
      },
    ]);
    // A shorter statement opens with everything before it.
    const short = await get<BillStatement>(`${walletPaths.billStatement}?months=2`, alice.token);
    expect(short.body.data?.months.map((m) => [m.month, m.opening])).toEqual([
      ['2026-11', '150.00'],
      ['2026-10', '100.00'],
    ]);
  });

  it('shows one bill in detail, and another user’s bill to nobody else', async () => {
    const mine = await get<BillDetail>(`${walletPaths.billDetail}?id=${bills.recharge}`, alice.token);
    expect(mine.body.data).toMatchObject({
      id: bills.recharge,
      type: 'recharge',
      amount: '50.00',
      counterparty: '支付宝',
      kind: 'recharge.paid',
      reference_no: 'R202610310001',
      created_at: '2026-10-31T15:59:59.000Z',
    });
    const credit = await get<BillDetail>(`${walletPaths.billDetail}?id=${bills.credit}`, alice.token);
    expect(credit.body.data).toMatchObject({
      counterparty: '平台调账',
      remark: '测试入账',
      title: '平台调账入账',
    });

    const before = await rowCounts(t.database.db);
    const theirs = await get(`${walletPaths.billDetail}?id=${bills.credit}`, bob.token);
    expect(theirs.body).toMatchObject({ err_code: 4006, message: '账单不存在' });
    const missing = await get(`${walletPaths.billDetail}?id=999999`, alice.token);
    expect(missing.body.err_code).toBe(4006);
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
  });

  it('scopes every list and sum to the caller', async () => {
    const wallet = await get<WalletSummary>(walletPaths.wallet, bob.token);
    expect(wallet.body.data).toMatchObject({ available: '7.00', frozen: '0.00', month_income: '7.00' });
    const list = await get<BillList>(walletPaths.bill, bob.token);
    expect(list.body.data?.list.map((bill) => bill.id)).toEqual([bills.bob]);
    const statement = await get<BillStatement>(walletPaths.billStatement, bob.token);
    expect(statement.body.data?.months[0]).toMatchObject({ opening: '0.00', closing: '7.00' });
    const profit = await get<ProfitSummary>(walletPaths.profit, bob.token);
    expect(profit.body.data).toEqual({ today: '0.00', month: '0.00', total: '0.00' });
  });

  it('sums 收益 (sale income and transfers in) for today, this month and in total', async () => {
    const { body } = await get<ProfitSummary>(walletPaths.profit, alice.token);
    expect(body.data).toEqual({ today: '20.00', month: '20.00', total: '25.00' });
    const list = await call<ProfitList>(t.app, 'POST', walletPaths.profitList, {
      token: alice.token,
      body: { page: 1, page_size: 10 },
    });
    expect(list.body.data?.total).toBe(2);
    expect(list.body.data?.list.map((message) => [message.id, message.amount, message.title])).toEqual([
      [bills.sale, '20.00', '售出收入到账'],
      [bills.octoberSale, '5.00', '售出收入到账'],
    ]);
  });

  it('refuses bad filters with Chinese messages naming the field', async () => {
    const cases: [string, string][] = [
      [`${walletPaths.bill}?type=lottery`, '不支持的账单类型'],
      [`${walletPaths.bill}?month=2026-13`, '月份格式应为 YYYY-MM'],
      [`${walletPaths.billDetail}?id=abc`, '账单编号无效'],
      [`${walletPaths.billStatement}?months=30`, '月份数须为 1–24'],
    ];
    for (const [path, message] of cases) {
      const { body } = await get(path, alice.token);
      expect(body.err_code, path).toBe(1000);
      expect(body.message, path).toContain(message);
    }
    const page = await call(t.app, 'POST', walletPaths.profitList, { token: alice.token, body: { page: 0 } });
    expect(page.body.err_code).toBe(1000);
    expect(page.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});
