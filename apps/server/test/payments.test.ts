import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCodes,
  type RechargeCreated,
  type RechargeMain,
  type RechargeUserInfo,
} from '@haoshi/contracts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import {
  NOTIFY_RETRY_DELAYS_SECONDS,
  PAYMENT_EXPIRES_SECONDS,
} from '../src/modules/payments/sandbox-gateway.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import {
  cashier,
  creditTransfersOf,
  exchange,
  gatewayRow,
  listenLocally,
  outboxRow,
  rechargeRow,
  setNotifyUrl,
} from './helpers/payments.ts';

const DEAD_URL = 'http://127.0.0.1:9/app/order/pay/callback/wechat';

let t: TestApp;
let baseUrl: string;
let alice: string;
let bob: string;
const BOB_PHONE = '13800002002';

beforeAll(async () => {
  // The clock moves a day forward below: keep the sessions from rotating meanwhile.
  t = await createTestApp({ SESSION_ROTATE_AFTER_SECONDS: String(30 * 86_400) });
  baseUrl = await listenLocally(t.app);
  alice = (await login(t.app, '13800002001')).token;
  bob = (await login(t.app, BOB_PHONE)).token;
});
afterAll(() => t.close());

const balanceOf = async (token: string) => {
  const { body } = await call<RechargeUserInfo>(t.app, 'GET', '/app/recharge/user_info', { token });
  expect(body.err_code).toBe(0);
  return body.data?.available;
};

const confirm = (token: string, orderNo: string) =>
  call<RechargeCreated>(t.app, 'POST', '/app/recharge/exchange/confirm', {
    token,
    body: { order_no: orderNo },
  });

const ledgerHolds = async () => {
  const report = await checkLedger(t.database.db);
  expect(report, JSON.stringify(report.findings)).toMatchObject({ ok: true, sumOfBalances: 0 });
};

describe(`recharge and the sandbox gateway (${databaseKind})`, () => {
  it('answers the recharge page configuration to guests, and user_info only with a session', async () => {
    const { body } = await call<RechargeMain>(t.app, 'GET', '/app/recharge/main');
    expect(body.err_code).toBe(0);
    expect(body.data?.channels.map((channel) => channel.channel)).toEqual(['wechat', 'alipay']);
    expect(body.data?.min_amount).toBe('1.00');
    expect(body.data?.presets).toContain('100.00');
    const guest = await call(t.app, 'GET', '/app/recharge/user_info');
    expect(guest.body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
  });

  it('create → cashier → pay → notify over HTTP → balance credited once, ledger holds', async () => {
    const before = await balanceOf(alice);
    const order = await exchange(t.app, alice, '100', 'wechat');
    expect(order).toMatchObject({ amount: '100.00', status: 'pending', channel: 'wechat' });
    expect(order.cashier_url).toMatch(/^\/app\/sandbox-pay\/cashier\/[\w-]+$/);

    const page = await t.app.inject({ method: 'GET', url: order.cashier_url });
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('微信支付');
    expect(page.body).toContain('100.00');
    expect(page.body).toContain(order.order_no);
    expect(page.body).toContain('data-testid="cashier-confirm"');

    const paid = await cashier(t.app, order.cashier_url, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/personRecharge?order_no=${order.order_no}`);
    await t.app.payments.tick();

    const outbox = await outboxRow(t.database.db, order.order_no);
    expect(outbox?.deliveredAt).toBeInstanceOf(Date);
    expect(outbox?.attempts).toBe(1);
    const row = await rechargeRow(t.database.db, order.order_no);
    expect(row.status).toBe('paid');
    expect(row.transactionId).toBe((await gatewayRow(t.database.db, order.order_no)).transactionId);
    expect(await creditTransfersOf(t.database.db, row.id)).toHaveLength(1);
    expect(Number(before) + 100).toBe(Number(await balanceOf(alice)));

    const confirmed = await confirm(alice, order.order_no);
    expect(confirmed.body.data).toMatchObject({ status: 'paid', amount: '100.00' });
    await ledgerHolds();
  });

  it('an Alipay payment is acknowledged with the text success and credited', async () => {
    const before = Number(await balanceOf(bob));
    const order = await exchange(t.app, bob, '12.34', 'alipay');
    const page = await t.app.inject({ method: 'GET', url: order.cashier_url });
    expect(page.body).toContain('支付宝');
    await cashier(t.app, order.cashier_url, 'pay');
    await t.app.payments.tick();
    expect((await rechargeRow(t.database.db, order.order_no)).status).toBe('paid');
    expect(Number(await balanceOf(bob))).toBeCloseTo(before + 12.34, 2);
    await ledgerHolds();
  });

  it('retries an unacknowledged notify with backoff (15 s, 15 s, 30 s …) until acknowledged', async () => {
    const order = await exchange(t.app, alice, '5', 'wechat');
    const before = await balanceOf(alice);
    // The merchant is unreachable until we say otherwise.
    await setNotifyUrl(t.database.db, order.order_no, DEAD_URL);
    await cashier(t.app, order.cashier_url, 'pay');
    await t.app.payments.tick();

    for (const [index, delay] of NOTIFY_RETRY_DELAYS_SECONDS.slice(0, 3).entries()) {
      const row = await outboxRow(t.database.db, order.order_no);
      expect(row?.attempts).toBe(index + 1);
      expect(row?.deliveredAt).toBeNull();
      expect(row?.lastError).not.toBe('');
      expect((row?.nextAttemptAt.getTime() ?? 0) - t.clock.now().getTime()).toBe(delay * 1000);
      // Not yet due: nothing is sent.
      t.clock.advance(delay - 1);
      await t.app.payments.tick();
      expect((await outboxRow(t.database.db, order.order_no))?.attempts).toBe(index + 1);
      t.clock.advance(1);
      if (index === 2)
        await setNotifyUrl(t.database.db, order.order_no, `${baseUrl}/app/order/pay/callback/wechat`);
      await t.app.payments.tick();
    }
    const delivered = await outboxRow(t.database.db, order.order_no);
    expect(delivered).toMatchObject({ attempts: 4, lastError: '' });
    expect(delivered?.deliveredAt).toBeInstanceOf(Date);
    expect(Number(await balanceOf(alice))).toBe(Number(before) + 5);
    // Acknowledged: never sent again.
    t.clock.advance(3600);
    await t.app.payments.tick();
    expect((await outboxRow(t.database.db, order.order_no))?.attempts).toBe(4);
    await ledgerHolds();
  });

  it('gives up after the whole day-long schedule, and the 5-minute active query credits the payment', async () => {
    const order = await exchange(t.app, bob, '7.5', 'wechat');
    const before = Number(await balanceOf(bob));
    await setNotifyUrl(t.database.db, order.order_no, DEAD_URL);
    await cashier(t.app, order.cashier_url, 'pay');
    await t.app.payments.tick();
    for (const delay of NOTIFY_RETRY_DELAYS_SECONDS) {
      t.clock.advance(delay);
      await t.app.payments.tick();
    }
    const row = await outboxRow(t.database.db, order.order_no);
    expect(row?.attempts).toBe(NOTIFY_RETRY_DELAYS_SECONDS.length + 1);
    expect(row?.abandonedAt).toBeInstanceOf(Date);
    // Long before that, the active query had found the payment paid at the gateway.
    expect((await rechargeRow(t.database.db, order.order_no)).status).toBe('paid');
    expect(Number(await balanceOf(bob))).toBeCloseTo(before + 7.5, 2);
  });

  it('queries a payment still pending after 5 minutes: paid at the gateway, notify lost → paid', async () => {
    const order = await exchange(t.app, alice, '3', 'wechat');
    const before = Number(await balanceOf(alice));
    await setNotifyUrl(t.database.db, order.order_no, DEAD_URL);
    await cashier(t.app, order.cashier_url, 'pay');
    await t.app.payments.tick();
    expect((await rechargeRow(t.database.db, order.order_no)).status).toBe('pending');

    t.clock.advance(240);
    await t.app.payments.tick();
    const early = await rechargeRow(t.database.db, order.order_no);
    expect(early.status).toBe('pending');
    expect(early.lastQueriedAt).toBeNull();

    t.clock.advance(61);
    await t.app.payments.tick();
    const row = await rechargeRow(t.database.db, order.order_no);
    expect(row.status).toBe('paid');
    expect(row.lastQueriedAt).toBeInstanceOf(Date);
    expect(Number(await balanceOf(alice))).toBe(before + 3);

    // The notify finally arrives: acknowledged, nothing credited twice.
    await setNotifyUrl(t.database.db, order.order_no, `${baseUrl}/app/order/pay/callback/wechat`);
    t.clock.advance(3600);
    await t.app.payments.tick();
    expect((await outboxRow(t.database.db, order.order_no))?.deliveredAt).toBeInstanceOf(Date);
    expect(await creditTransfersOf(t.database.db, row.id)).toHaveLength(1);
    expect(Number(await balanceOf(alice))).toBe(before + 3);
    await ledgerHolds();
  });

  it('closes an order the user cancelled on the cashier, and one left unpaid for 30 minutes', async () => {
    const order = await exchange(t.app, alice, '8', 'alipay');
    const cancelled = await cashier(t.app, order.cashier_url, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    const { body } = await confirm(alice, order.order_no);
    expect(body.data).toMatchObject({ status: 'closed', cashier_url: '' });
    expect(body.data?.closed_at).toEqual(expect.any(String));
    // Paying a cancelled payment does nothing.
    await cashier(t.app, order.cashier_url, 'pay');
    expect((await gatewayRow(t.database.db, order.order_no)).status).toBe('closed');
    expect(await outboxRow(t.database.db, order.order_no)).toBeUndefined();
    const page = await t.app.inject({ method: 'GET', url: order.cashier_url });
    expect(page.body).toContain('订单已关闭');

    const forgotten = await exchange(t.app, alice, '9', 'wechat');
    t.clock.advance(PAYMENT_EXPIRES_SECONDS + 1);
    await t.app.payments.tick();
    expect((await rechargeRow(t.database.db, forgotten.order_no)).status).toBe('closed');
    expect((await gatewayRow(t.database.db, forgotten.order_no)).status).toBe('closed');
    await ledgerHolds();
  });

  it('refuses another user: confirm answers not found, records do not list it', async () => {
    const order = await exchange(t.app, alice, '2', 'wechat');
    const before = await rowCounts(t.database.db);
    const { body } = await confirm(bob, order.order_no);
    expect(body.err_code).toBe(ErrorCodes.RECHARGE_NOT_FOUND);
    expect(body.message).toBe('充值订单不存在');
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    const records = await call<{ list: { order_no: string }[] }>(t.app, 'GET', '/app/recharge/records', {
      token: bob,
    });
    expect(records.body.data?.list.map((item) => item.order_no)).not.toContain(order.order_no);
    const own = await call<{ list: { order_no: string }[]; total: number }>(
      t.app,
      'GET',
      '/app/recharge/records?page_size=100',
      { token: alice },
    );
    expect(own.body.data?.list.map((item) => item.order_no)).toContain(order.order_no);
    const guest = await confirm('', order.order_no);
    expect(guest.body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
  });

  it('refuses bad input with Chinese messages and writes nothing', async () => {
    const cases: Array<[unknown, number, RegExp]> = [
      [{ amount: 'abc', channel: 'wechat' }, ErrorCodes.VALIDATION_FAILED, /金额需大于0，且最多两位小数/],
      [{ amount: '1.234', channel: 'wechat' }, ErrorCodes.VALIDATION_FAILED, /最多两位小数/],
      [{ amount: '0', channel: 'wechat' }, ErrorCodes.VALIDATION_FAILED, /金额需大于0/],
      [{ amount: '10', channel: 'paypal' }, ErrorCodes.VALIDATION_FAILED, /请选择支付方式/],
      [{ amount: '0.99', channel: 'wechat' }, ErrorCodes.RECHARGE_BELOW_MIN, /不能低于1\.00元/],
      [{ amount: '50000.01', channel: 'wechat' }, ErrorCodes.RECHARGE_ABOVE_MAX, /不能超过50000\.00元/],
      [
        { amount: '10', channel: 'wechat', return_path: '//evil.example' },
        ErrorCodes.VALIDATION_FAILED,
        /返回地址无效/,
      ],
    ];
    for (const [input, code, message] of cases) {
      const before = await rowCounts(t.database.db);
      const { body } = await call(t.app, 'POST', '/app/recharge/exchange', { token: alice, body: input });
      expect(body.err_code, JSON.stringify(input)).toBe(code);
      expect(body.message, JSON.stringify(input)).toMatch(message);
      expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    }
    const badConfirm = await confirm(alice, 'not-an-order');
    expect(badConfirm.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    expect(badConfirm.body.message).toMatch(/订单号格式有误/);
  });

  it('代充: credits the other user, refuses unknown phones, oneself and too much', async () => {
    const refusals: Array<[unknown, number]> = [
      [{ phone: '13900009999', amount: '10', channel: 'wechat' }, ErrorCodes.RECHARGE_PROXY_TARGET_NOT_FOUND],
      [{ phone: '13800002001', amount: '10', channel: 'wechat' }, ErrorCodes.RECHARGE_PROXY_SELF],
      [{ phone: BOB_PHONE, amount: '5000.01', channel: 'wechat' }, ErrorCodes.RECHARGE_ABOVE_MAX],
      [{ phone: '123', amount: '10', channel: 'wechat' }, ErrorCodes.VALIDATION_FAILED],
    ];
    for (const [input, code] of refusals) {
      const before = await rowCounts(t.database.db);
      const { body } = await call(t.app, 'POST', '/app/recharge/proxy', { token: alice, body: input });
      expect(body.err_code, JSON.stringify(input)).toBe(code);
      expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    }
    const aliceBefore = await balanceOf(alice);
    const bobBefore = Number(await balanceOf(bob));
    const { body } = await call<RechargeCreated>(t.app, 'POST', '/app/recharge/proxy', {
      token: alice,
      body: { phone: BOB_PHONE, amount: '20', channel: 'alipay' },
    });
    expect(body.data).toMatchObject({ beneficiary_phone: '138****2002', amount: '20.00' });
    await cashier(t.app, body.data?.cashier_url ?? '', 'pay');
    await t.app.payments.tick();
    expect(Number(await balanceOf(bob))).toBe(bobBefore + 20);
    expect(await balanceOf(alice)).toBe(aliceBefore);
    // Bob cannot confirm Alice's 代充 order.
    expect((await confirm(bob, body.data?.order_no ?? '')).body.err_code).toBe(ErrorCodes.RECHARGE_NOT_FOUND);
    await ledgerHolds();
  });

  it('an Idempotency-Key makes a retried exchange create one order', async () => {
    const headers = { 'idempotency-key': 'recharge-retry-1' };
    const first = await exchange(t.app, bob, '15', 'wechat', headers);
    const second = await exchange(t.app, bob, '15', 'wechat', headers);
    expect(second.order_no).toBe(first.order_no);
    const other = await call(t.app, 'POST', '/app/recharge/exchange', {
      token: bob,
      body: { amount: '16', channel: 'wechat' },
      headers,
    });
    expect(other.body.err_code).toBe(ErrorCodes.IDEMPOTENCY_KEY_REUSED);
  });

  it('limits the number of unpaid orders', async () => {
    const { token } = await login(t.app, '13800002003');
    for (let index = 0; index < 5; index += 1) await exchange(t.app, token, '1', 'wechat');
    const before = await rowCounts(t.database.db);
    const { body } = await call(t.app, 'POST', '/app/recharge/exchange', {
      token,
      body: { amount: '1', channel: 'wechat' },
    });
    expect(body.err_code).toBe(ErrorCodes.RECHARGE_TOO_MANY_PENDING);
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
  });
});
