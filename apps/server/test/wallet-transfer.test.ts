import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  walletPaths,
  type BillDetail,
  type BillList,
  type ProfitSummary,
  type TransferMain,
  type TransferResult,
  type WalletSummary,
} from '@haoshi/contracts';
import * as ledger from '../src/modules/ledger/ledger-service.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import { postMoney, verifyRealName } from './helpers/wallet.ts';

let t: TestApp;
let payer: { token: string; id: number };
let payee: { token: string; id: number };
let unverified: { token: string; id: number };
const PAYER_PHONE = '13977770001';
const PAYEE_PHONE = '13977770002';
const UNVERIFIED_PHONE = '13977770003';

const transfer = (token: string, body: Record<string, unknown>, key: string | null = randomUUID()) =>
  call<TransferResult>(t.app, 'POST', walletPaths.transfer, {
    token,
    body,
    headers: key === null ? {} : { 'idempotency-key': key },
  });

const available = async (userId: number) => (await ledger.balances(t.database.db, userId)).available;

/** A refusal must leave every table as it was, except the Idempotency-Key record of the refusal. */
async function expectNothingWritten(run: () => Promise<{ body: { err_code: number } }>, errCode: number) {
  const before = await rowCounts(t.database.db);
  const { body } = await run();
  expect(body.err_code).toBe(errCode);
  const changes = countChanges(before, await rowCounts(t.database.db));
  expect(Object.keys(changes).filter((table) => table !== 'idempotency_keys')).toEqual([]);
  return body;
}

beforeAll(async () => {
  warnIfNoPostgres('wallet transfers');
  t = await createTestApp();
  const a = await login(t.app, PAYER_PHONE);
  const b = await login(t.app, PAYEE_PHONE);
  const c = await login(t.app, UNVERIFIED_PHONE);
  payer = { token: a.token, id: a.user.id };
  payee = { token: b.token, id: b.user.id };
  unverified = { token: c.token, id: c.user.id };
  await verifyRealName(t.database.db, payer.id, '王*明');
  await verifyRealName(t.database.db, payee.id, '李*');
  await postMoney(t.database.db, { userId: payer.id, fen: 100_000 });
  await postMoney(t.database.db, { userId: unverified.id, fen: 5_000 });
});
afterAll(() => t.close());

describe(`balance transfers on ${databaseKind}`, () => {
  it('shows the rules, limits and the recipient’s masked identity before confirming', async () => {
    const { body } = await call<TransferMain>(
      t.app,
      'GET',
      `${walletPaths.transferMain}?phone=${PAYEE_PHONE}`,
      {
        token: payer.token,
      },
    );
    expect(body.err_code).toBe(0);
    expect(body.data).toMatchObject({
      available: '1000.00',
      fee: '0.00',
      single_limit: '50000.00',
      daily_used: '0.00',
      daily_count_used: 0,
      real_name_verified: true,
      recipient: { phone_masked: '139****0002', name_masked: '李*' },
    });
    expect(body.data?.rules.length).toBeGreaterThan(0);
    const plain = await call<TransferMain>(t.app, 'GET', walletPaths.transferMain, {
      token: unverified.token,
    });
    expect(plain.body.data).toMatchObject({ real_name_verified: false, recipient: null, available: '50.00' });
    const unknown = await call(t.app, 'GET', `${walletPaths.transferMain}?phone=13977779999`, {
      token: payer.token,
    });
    expect(unknown.body).toMatchObject({ err_code: 4003, message: '收款人不存在，请核对手机号' });
    const self = await call(t.app, 'GET', `${walletPaths.transferMain}?phone=${PAYER_PHONE}`, {
      token: payer.token,
    });
    expect(self.body.err_code).toBe(4002);
  });

  it('moves exactly the amount, once, from the payer’s available balance to the payee’s', async () => {
    const before = await rowCounts(t.database.db);
    const { body } = await transfer(payer.token, { phone: PAYEE_PHONE, amount: '12.34', remark: '游戏币' });
    expect(body.err_code).toBe(0);
    expect(body.data).toMatchObject({
      amount: '12.34',
      available: '987.66',
      recipient: { phone_masked: '139****0002', name_masked: '李*' },
    });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({
      ledger_transfers: 1,
      ledger_accounts: 1, // the payee's available account, created by its first credit
      idempotency_keys: 1,
    });
    expect(await available(payer.id)).toBe(98_766);
    expect(await available(payee.id)).toBe(1_234);

    const billId = body.data?.bill_id ?? 0;
    const payerView = await call<BillDetail>(t.app, 'GET', `${walletPaths.billDetail}?id=${billId}`, {
      token: payer.token,
    });
    expect(payerView.body.data).toMatchObject({
      type: 'transfer_out',
      amount: '-12.34',
      title: '转账给 李*',
      counterparty: '李*（139****0002）',
      remark: '游戏币',
    });
    const payeeView = await call<BillDetail>(t.app, 'GET', `${walletPaths.billDetail}?id=${billId}`, {
      token: payee.token,
    });
    expect(payeeView.body.data).toMatchObject({
      type: 'transfer_in',
      amount: '12.34',
      title: '王*明 向你转账',
    });
    const payeeBills = await call<BillList>(t.app, 'GET', `${walletPaths.bill}?type=transfer_in`, {
      token: payee.token,
    });
    expect(payeeBills.body.data?.list.map((bill) => bill.id)).toEqual([billId]);
    const profit = await call<ProfitSummary>(t.app, 'GET', walletPaths.profit, { token: payee.token });
    expect(profit.body.data?.total).toBe('12.34');
    const main = await call<TransferMain>(t.app, 'GET', walletPaths.transferMain, { token: payer.token });
    expect(main.body.data).toMatchObject({ daily_used: '12.34', daily_count_used: 1 });
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('refuses, writing nothing: short balance, self, unknown phone, no real name, over the limit', async () => {
    const payerBefore = await available(payer.id);
    await expectNothingWritten(() => transfer(payer.token, { phone: PAYEE_PHONE, amount: '5000.00' }), 4001);
    await expectNothingWritten(() => transfer(payer.token, { phone: PAYER_PHONE, amount: '1.00' }), 4002);
    await expectNothingWritten(() => transfer(payer.token, { phone: '13977779999', amount: '1.00' }), 4003);
    await expectNothingWritten(() => transfer(payer.token, { phone: PAYEE_PHONE, amount: '50000.01' }), 4004);
    const noRealName = await expectNothingWritten(
      () => transfer(unverified.token, { phone: PAYEE_PHONE, amount: '1.00' }),
      4301,
    );
    expect(noRealName).toMatchObject({ message: '请先完成实名认证' });
    expect(await available(payer.id)).toBe(payerBefore);
    expect(await available(unverified.id)).toBe(5_000);
  });

  it('requires an Idempotency-Key and validates the form with Chinese messages', async () => {
    const cases: [Record<string, unknown>, string | null, string][] = [
      [{ phone: PAYEE_PHONE, amount: '1.00' }, null, 'Idempotency-Key'],
      [{ phone: '123', amount: '1.00' }, randomUUID(), '请输入正确的11位手机号'],
      [{ phone: PAYEE_PHONE, amount: '1.001' }, randomUUID(), '金额需大于0，且最多两位小数'],
      [{ phone: PAYEE_PHONE, amount: '0' }, randomUUID(), '金额需大于0'],
      [{ phone: PAYEE_PHONE, amount: '-3' }, randomUUID(), '金额需大于0'],
      [{ phone: PAYEE_PHONE, amount: '1.00', remark: '很'.repeat(31) }, randomUUID(), '备注不能超过30个字'],
    ];
    for (const [body, key, message] of cases) {
      const result = await expectNothingWritten(() => transfer(payer.token, body, key), 1000);
      expect((result as { message?: string }).message, JSON.stringify(body)).toContain(message);
    }
  });

  it('replays a retry with the same key and refuses the key with other parameters', async () => {
    const key = randomUUID();
    const first = await transfer(payer.token, { phone: PAYEE_PHONE, amount: '1.00' }, key);
    const again = await transfer(payer.token, { phone: PAYEE_PHONE, amount: '1.00' }, key);
    expect(again.response.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    const other = await transfer(payer.token, { phone: PAYEE_PHONE, amount: '2.00' }, key);
    expect(other.body.err_code).toBe(1006);
  });

  it('makes one transfer out of the same Idempotency-Key sent 100 times at once', async () => {
    const key = randomUUID();
    const payerBefore = await available(payer.id);
    const payeeBefore = await available(payee.id);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => transfer(payer.token, { phone: PAYEE_PHONE, amount: '3.00' }, key)),
    );
    const codes = results.map((result) => result.body.err_code);
    // Every answer is the transfer itself (or its replay) or "still being processed" (1007).
    expect(codes.every((code) => code === 0 || code === 1007)).toBe(true);
    expect(codes.filter((code) => code === 0).length).toBeGreaterThan(0);
    const billIds = new Set(results.filter((r) => r.body.err_code === 0).map((r) => r.body.data?.bill_id));
    expect(billIds.size).toBe(1);
    expect(await available(payer.id)).toBe(payerBefore - 300);
    expect(await available(payee.id)).toBe(payeeBefore + 300);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('never lets parallel transfers overdraw: of 20 transfers of the whole balance, one succeeds', async () => {
    const whole = await available(payer.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        transfer(payer.token, { phone: PAYEE_PHONE, amount: (whole / 100).toFixed(2) }),
      ),
    );
    const codes = results.map((result) => result.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code !== 0).every((code) => code === 4001 || code === 4005)).toBe(true);
    expect(await available(payer.id)).toBe(0);
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });

  it('holds the daily limit under parallel transfers: 200,000.00 a day, then 4005', async () => {
    const rich = await login(t.app, '13977770004');
    await verifyRealName(t.database.db, rich.user.id, '赵*');
    await postMoney(t.database.db, { userId: rich.user.id, fen: 30_000_000 });
    const results = await Promise.all(
      Array.from({ length: 6 }, () => transfer(rich.token, { phone: PAYEE_PHONE, amount: '50000.00' })),
    );
    const codes = results.map((result) => result.body.err_code).sort();
    expect(codes).toEqual([0, 0, 0, 0, 4005, 4005]);
    expect(await available(rich.user.id)).toBe(10_000_000);
    const main = await call<TransferMain>(t.app, 'GET', walletPaths.transferMain, { token: rich.token });
    expect(main.body.data).toMatchObject({ daily_used: '200000.00', daily_count_used: 4 });
    const more = await transfer(rich.token, { phone: PAYEE_PHONE, amount: '0.01' });
    expect(more.body).toMatchObject({ err_code: 4005, message: '今日还可转出 0.00 元' });
  });

  it('keeps another user’s session out of the payer’s money', async () => {
    const wallet = await call<WalletSummary>(t.app, 'GET', walletPaths.wallet, { token: unverified.token });
    expect(wallet.body.data?.available).toBe('50.00');
    const bills = await call<BillList>(t.app, 'GET', walletPaths.bill, { token: unverified.token });
    expect(bills.body.data?.total).toBe(1);
    const main = await call<TransferMain>(t.app, 'GET', walletPaths.transferMain, {
      token: unverified.token,
    });
    expect(main.body.data).toMatchObject({ daily_used: '0.00', daily_count_used: 0 });
  });
});
