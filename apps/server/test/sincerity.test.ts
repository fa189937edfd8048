import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  ErrorCodes,
  type SincerityBillSummary,
  type SincerityCloseResult,
  type SincerityHold,
  type SincerityMain,
  type SincerityMovement,
  type SincerityPayResult,
  type Page,
} from '@haoshi/contracts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import {
  attachHold,
  raisePenalty,
  releaseHold,
  settlePenalty,
  waivePenalty,
} from '../src/modules/sincerity/sincerity-service.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let topups = 0;
async function credit(userId: number, fen: number) {
  topups += 1;
  await ledger.post(t.app.db, {
    debit: { kind: 'adjustments' },
    credit: { kind: 'user_available', userId },
    amount: fen,
    kind: 'test.credit',
    reference: { type: 'test', id: String(topups) },
    idempotencyKey: `test:sincerity:credit:${topups}`,
  });
}

async function user(phone: string, fen = 0) {
  const session = await login(t.app, phone);
  if (fen > 0) await credit(session.user.id, fen);
  return { token: session.token, id: session.user.id };
}

/** The invariant the holdings table promises: its sum is the ledger's deposit account. */
async function expectHoldingsMatchLedger() {
  const result = (await t.app.db.execute<{ total: string | number }>(
    sql`select coalesce(sum(held), 0)::bigint as total from sincerity_holdings`,
  )) as { rows: { total: string | number }[] };
  const deposit = await ledger.accountBalance(t.app.db, { kind: 'deposit' });
  expect(Number(result.rows[0]?.total)).toBe(deposit);
  const report = await checkLedger(t.app.db);
  expect(report.ok).toBe(true);
}

const main = async (token: string) =>
  (await call<SincerityMain>(t.app, 'GET', '/app/sincerity/main', { token })).body;
const seller = (data: SincerityMain | undefined) => data?.kinds.find((kind) => kind.kind === 'seller');

describe(`sincerity deposit (${databaseKind})`, () => {
  it('needs a session on every call', async () => {
    for (const [method, url] of [
      ['GET', '/app/sincerity/main'],
      ['GET', '/app/sincerity/bill/list'],
      ['GET', '/app/sincerity/bill/page'],
      ['GET', '/app/sincerity/order/list'],
      ['POST', '/app/sincerity/close'],
      ['POST', '/app/order/sincerity'],
      ['POST', '/app/order/recoverySincerity'],
    ] as const) {
      const valid = { kind: 'seller', level: 'basic' };
      const { body } = await call(t.app, method, url, method === 'POST' ? { body: valid } : {});
      expect(body.err_code, url).toBe(ErrorCodes.LOGIN_REQUIRED);
    }
  });

  it('shows an empty deposit with its levels to a new user', async () => {
    const a = await user('13700000001');
    const body = await main(a.token);
    expect(body.err_code).toBe(0);
    expect(body.data?.total_held).toBe('0.00');
    const summary = seller(body.data);
    expect(summary).toMatchObject({ held: '0.00', state: 'none', level: null, close_block: 'nothing_held' });
    expect(summary?.levels.map((level) => [level.name, level.required])).toEqual([
      ['诚信卖家', '100.00'],
      ['优质卖家', '500.00'],
      ['金牌卖家', '2000.00'],
    ]);
  });

  it('pays the shortfall to a level from the available balance, then releases it on close', async () => {
    const a = await user('13700000002', 1000_00);
    const paid = await call<SincerityPayResult>(t.app, 'POST', '/app/order/sincerity', {
      token: a.token,
      body: { level: 'basic' },
    });
    expect(paid.body).toMatchObject({
      err_code: 0,
      data: { kind: 'seller', paid: '100.00', held: '100.00' },
    });
    expect((await ledger.balances(t.app.db, a.id)).available).toBe(900_00);

    const upgrade = await call<SincerityPayResult>(t.app, 'POST', '/app/order/sincerity', {
      token: a.token,
      body: { level: 'quality' },
    });
    expect(upgrade.body.data).toMatchObject({ paid: '400.00', held: '500.00', level: 'quality' });
    let summary = seller((await main(a.token)).data);
    expect(summary).toMatchObject({
      held: '500.00',
      level: 'quality',
      level_name: '优质卖家',
      state: 'active',
    });
    expect(summary?.levels.map((level) => level.reached)).toEqual([true, true, false]);
    await expectHoldingsMatchLedger();

    const closed = await call<SincerityCloseResult>(t.app, 'POST', '/app/sincerity/close', {
      token: a.token,
      body: { kind: 'seller' },
    });
    expect(closed.body).toMatchObject({ err_code: 0, data: { released: '500.00' } });
    expect((await ledger.balances(t.app.db, a.id)).available).toBe(1000_00);
    summary = seller((await main(a.token)).data);
    expect(summary).toMatchObject({ held: '0.00', state: 'none' });
    await expectHoldingsMatchLedger();

    const page = await call<Page<SincerityMovement>>(t.app, 'GET', '/app/sincerity/bill/page?page_size=2', {
      token: a.token,
    });
    expect(page.body.data?.total).toBe(3);
    expect(page.body.data?.list.map((row) => [row.type, row.amount, row.held_after])).toEqual([
      ['release', '-500.00', '0.00'],
      ['pay', '+400.00', '500.00'],
    ]);
    const pays = await call<Page<SincerityMovement>>(t.app, 'GET', '/app/sincerity/bill/page?type=pay', {
      token: a.token,
    });
    expect(pays.body.data?.total).toBe(2);
    const summaryList = await call<SincerityBillSummary>(t.app, 'GET', '/app/sincerity/bill/list', {
      token: a.token,
    });
    expect(summaryList.body.data?.totals.find((row) => row.kind === 'seller')).toEqual({
      kind: 'seller',
      paid: '500.00',
      released: '500.00',
      deducted: '0.00',
    });
    expect(summaryList.body.data?.recent).toHaveLength(3);
  });

  it('refuses a level already reached, an unknown level and a short balance, writing nothing', async () => {
    const a = await user('13700000003', 150_00);
    await call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'basic' } });
    const cases: Array<[unknown, number, string | undefined]> = [
      [{ level: 'basic' }, ErrorCodes.SINCERITY_LEVEL_REACHED, '已达到该档位，无需重复缴纳保证金'],
      [{ level: 'diamond' }, ErrorCodes.SINCERITY_LEVEL_UNKNOWN, '保证金档位不存在，请重新选择'],
      [{ level: 'quality' }, ErrorCodes.INSUFFICIENT_BALANCE, '余额不足'],
      [{}, ErrorCodes.VALIDATION_FAILED, undefined],
      [{ level: '' }, ErrorCodes.VALIDATION_FAILED, undefined],
    ];
    for (const [body, code, message] of cases) {
      const before = await rowCounts(t.app.db);
      const result = await call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body });
      expect(result.body.err_code, JSON.stringify(body)).toBe(code);
      if (message) expect(result.body.message).toBe(message);
      else expect(result.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    }
    expect((await ledger.balances(t.app.db, a.id)).available).toBe(50_00);
    const closeBad = await call(t.app, 'POST', '/app/sincerity/close', {
      token: a.token,
      body: { kind: 'vip' },
    });
    expect(closeBad.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    expect(closeBad.body.message).toContain('保证金类型无效');
  });

  it('takes a recycler deposit separately', async () => {
    const a = await user('13700000004', 1500_00);
    const paid = await call<SincerityPayResult>(t.app, 'POST', '/app/order/recoverySincerity', {
      token: a.token,
      body: {},
    });
    expect(paid.body.data).toMatchObject({ kind: 'recycler', paid: '1000.00', level: 'certified' });
    const data = (await main(a.token)).data;
    expect(data?.kinds.find((kind) => kind.kind === 'recycler')).toMatchObject({
      held: '1000.00',
      state: 'active',
    });
    expect(seller(data)?.held).toBe('0.00');
    expect(data?.total_held).toBe('1000.00');
    expect(data?.available).toBe('500.00');
  });

  it('will not close while an order it backs is open, and lists that order', async () => {
    const a = await user('13700000005', 600_00);
    await call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'quality' } });
    const now = t.clock.now();
    const hold = await t.app.db.transaction((tx) =>
      attachHold(t.app.processes, tx, {
        userId: a.id,
        kind: 'seller',
        referenceType: 'order',
        referenceId: 'O-1',
        title: '王者荣耀 V10 账号',
        now,
      }),
    );
    const again = await t.app.db.transaction((tx) =>
      attachHold(t.app.processes, tx, {
        userId: a.id,
        kind: 'seller',
        referenceType: 'order',
        referenceId: 'O-1',
        title: '王者荣耀 V10 账号',
        now,
      }),
    );
    expect(again.id).toBe(hold.id);

    const list = await call<Page<SincerityHold>>(t.app, 'GET', '/app/sincerity/order/list', {
      token: a.token,
    });
    expect(list.body.data?.list.map((row) => [row.reference_id, row.status, row.title])).toEqual([
      ['O-1', 'open', '王者荣耀 V10 账号'],
    ]);
    expect(seller((await main(a.token)).data)).toMatchObject({
      state: 'locked',
      open_holds: 1,
      close_block: 'open_hold',
    });

    const before = await rowCounts(t.app.db);
    const refused = await call(t.app, 'POST', '/app/sincerity/close', {
      token: a.token,
      body: { kind: 'seller' },
    });
    expect(refused.body.err_code).toBe(ErrorCodes.SINCERITY_HOLD_OPEN);
    expect(refused.body.message).toContain('1笔进行中的订单');
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});

    await t.app.db.transaction((tx) =>
      releaseHold(t.app.processes, tx, { kind: 'seller', referenceType: 'order', referenceId: 'O-1', now }),
    );
    const all = await call<Page<SincerityHold>>(t.app, 'GET', '/app/sincerity/order/list?status=all', {
      token: a.token,
    });
    expect(all.body.data?.list[0]?.status).toBe('released');
    const open = await call<Page<SincerityHold>>(t.app, 'GET', '/app/sincerity/order/list', {
      token: a.token,
    });
    expect(open.body.data?.total).toBe(0);
    const closed = await call(t.app, 'POST', '/app/sincerity/close', {
      token: a.token,
      body: { kind: 'seller' },
    });
    expect(closed.body.err_code).toBe(0);
  });

  it('refuses a hold without a deposit', async () => {
    const a = await user('13700000006');
    await expect(
      t.app.db.transaction((tx) =>
        attachHold(t.app.processes, tx, {
          userId: a.id,
          kind: 'seller',
          referenceType: 'order',
          referenceId: 'O-2',
          title: '',
          now: t.clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.SINCERITY_NOT_ENOUGH });
  });

  it('a pending penalty blocks closing; settling it moves the money to the compensation pool', async () => {
    const a = await user('13700000007', 500_00);
    await call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'quality' } });
    const poolBefore = await ledger.accountBalance(t.app.db, { kind: 'compensation_pool' });
    const now = t.clock.now();
    const penalty = await t.app.db.transaction((tx) =>
      raisePenalty(t.app.processes, tx, {
        userId: a.id,
        kind: 'seller',
        amount: 120_00,
        reason: '虚假描述',
        referenceType: 'dispute',
        referenceId: 'D-1',
        now,
      }),
    );
    expect(seller((await main(a.token)).data)).toMatchObject({
      pending_penalty: '120.00',
      close_block: 'pending_penalty',
    });
    const refused = await call(t.app, 'POST', '/app/sincerity/close', {
      token: a.token,
      body: { kind: 'seller' },
    });
    expect(refused.body).toMatchObject({
      err_code: ErrorCodes.SINCERITY_PENALTY_PENDING,
      message: '保证金有待处理的违约扣款，处理完成后才能退还',
    });

    // More than what is held beyond pending penalties: refused.
    await expect(
      t.app.db.transaction((tx) =>
        raisePenalty(t.app.processes, tx, {
          userId: a.id,
          kind: 'seller',
          amount: 400_00,
          reason: '其他',
          referenceType: 'dispute',
          referenceId: 'D-2',
          now,
        }),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.SINCERITY_NOT_ENOUGH });

    const settled = await t.app.db.transaction((tx) => settlePenalty(t.app.processes, tx, penalty.id, now));
    expect(settled.penalty.status).toBe('settled');
    expect(settled.movement?.amount).toBe(-120_00);
    const replay = await t.app.db.transaction((tx) => settlePenalty(t.app.processes, tx, penalty.id, now));
    expect(replay.movement).toBeNull();
    await expect(
      t.app.db.transaction((tx) => waivePenalty(t.app.processes, tx, penalty.id, now)),
    ).rejects.toMatchObject({
      errCode: ErrorCodes.SINCERITY_PENALTY_SETTLED,
    });
    expect(await ledger.accountBalance(t.app.db, { kind: 'compensation_pool' })).toBe(poolBefore + 120_00);
    expect(seller((await main(a.token)).data)).toMatchObject({
      held: '380.00',
      level: 'basic',
      pending_penalty: '0.00',
    });
    await expectHoldingsMatchLedger();

    const waived = await t.app.db.transaction(async (tx) => {
      const raised = await raisePenalty(t.app.processes, tx, {
        userId: a.id,
        kind: 'seller',
        amount: 10_00,
        reason: '超时发货',
        referenceType: 'dispute',
        referenceId: 'D-3',
        now,
      });
      return waivePenalty(t.app.processes, tx, raised.id, now);
    });
    expect(waived.status).toBe('waived');
    const closed = await call<SincerityCloseResult>(t.app, 'POST', '/app/sincerity/close', {
      token: a.token,
      body: { kind: 'seller' },
    });
    expect(closed.body.data?.released).toBe('380.00');
    const bill = await call<SincerityBillSummary>(t.app, 'GET', '/app/sincerity/bill/list', {
      token: a.token,
    });
    expect(bill.body.data?.totals.find((row) => row.kind === 'seller')).toMatchObject({
      deducted: '120.00',
      released: '380.00',
    });
    await expectHoldingsMatchLedger();
  });

  it("never shows or touches another user's deposit", async () => {
    const a = await user('13700000008', 200_00);
    const b = await user('13700000009');
    await call(t.app, 'POST', '/app/order/sincerity', { token: a.token, body: { level: 'basic' } });
    await t.app.db.transaction((tx) =>
      attachHold(t.app.processes, tx, {
        userId: a.id,
        kind: 'seller',
        referenceType: 'order',
        referenceId: 'O-A',
        title: 'A',
        now: t.clock.now(),
      }),
    );
    expect(seller((await main(b.token)).data)).toMatchObject({ held: '0.00', open_holds: 0 });
    const bills = await call<Page<SincerityMovement>>(t.app, 'GET', '/app/sincerity/bill/page', {
      token: b.token,
    });
    expect(bills.body.data?.total).toBe(0);
    const summary = await call<SincerityBillSummary>(t.app, 'GET', '/app/sincerity/bill/list', {
      token: b.token,
    });
    expect(summary.body.data?.recent).toEqual([]);
    const holds = await call<Page<SincerityHold>>(t.app, 'GET', '/app/sincerity/order/list?status=all', {
      token: b.token,
    });
    expect(holds.body.data?.total).toBe(0);
    const before = await rowCounts(t.app.db);
    const closed = await call(t.app, 'POST', '/app/sincerity/close', {
      token: b.token,
      body: { kind: 'seller' },
    });
    expect(closed.body).toMatchObject({
      err_code: ErrorCodes.SINCERITY_NOTHING_HELD,
      message: '当前没有可退还的保证金',
    });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    expect(seller((await main(a.token)).data)).toMatchObject({ held: '100.00', open_holds: 1 });
    // Another user's order reference cannot be taken over.
    await expect(
      t.app.db.transaction((tx) =>
        attachHold(t.app.processes, tx, {
          userId: b.id,
          kind: 'seller',
          referenceType: 'order',
          referenceId: 'O-A',
          title: 'B',
          now: t.clock.now(),
        }),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.CONFLICT });
  });
});
