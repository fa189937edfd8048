import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { NOTIFY_HEADERS, signedNotify } from '../src/modules/payments/sandbox-signature.ts';
import type { PaidPayment } from '../src/modules/payments/payment-provider.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import {
  creditTransfersOf,
  exchange,
  gatewaySecret,
  listenLocally,
  rechargeRow,
} from './helpers/payments.ts';

let t: TestApp;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  warnIfNoPostgres('payment notify (100 identical notifies at once)');
  // More connections than the default so that the notifies really race on PostgreSQL.
  t = await createTestApp();
  baseUrl = await listenLocally(t.app);
  token = (await login(t.app, '13800003001')).token;
});
afterAll(() => t.close());

const notifyUrl = (channel: string) => `${baseUrl}/app/order/pay/callback/${channel}`;

async function post(channel: string, request: { body: string; headers: Record<string, string> }) {
  const response = await fetch(notifyUrl(channel), {
    method: 'POST',
    body: request.body,
    headers: request.headers,
  });
  return { status: response.status, text: await response.text() };
}

const available = async () => {
  const { body } = await call<{ available: string }>(t.app, 'GET', '/app/recharge/user_info', { token });
  return Number(body.data?.available);
};

async function pendingPayment(amount: string, channel: 'wechat' | 'alipay'): Promise<PaidPayment> {
  const order = await exchange(t.app, token, amount, channel);
  const row = await rechargeRow(t.database.db, order.order_no);
  return {
    channel,
    outTradeNo: order.order_no,
    transactionId: `4200${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    amount: row.amount,
    currency: 'CNY',
    paidAt: t.clock.now(),
  };
}

describe(`payment notify callback (${databaseKind})`, () => {
  it('the same valid notify 100 times at once credits exactly once', async () => {
    const payment = await pendingPayment('66.60', 'wechat');
    const before = await available();
    const request = signedNotify(gatewaySecret(t.app), payment, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 100 }, () => post('wechat', request)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toEqual({ code: 'SUCCESS', message: '成功' });
    }
    const row = await rechargeRow(t.database.db, payment.outTradeNo);
    expect(row).toMatchObject({ status: 'paid', transactionId: payment.transactionId });
    const credits = await creditTransfersOf(t.database.db, row.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]?.idempotency_key).toBe(`payment:wechat:${payment.transactionId}`);
    expect(await available()).toBeCloseTo(before + 66.6, 2);
    const report = await checkLedger(t.database.db);
    expect(report.ok).toBe(true);
  });

  it('refuses a tampered signature, a tampered amount, a wrong channel or an old notify, writing nothing', async () => {
    const payment = await pendingPayment('10', 'wechat');
    const secret = gatewaySecret(t.app);
    const valid = signedNotify(secret, payment, t.clock.now());
    const tampered = [
      {
        name: 'signature',
        channel: 'wechat',
        request: {
          ...valid,
          headers: {
            ...valid.headers,
            [NOTIFY_HEADERS.signature]: 'AAAA' + valid.headers[NOTIFY_HEADERS.signature]?.slice(4),
          },
        },
      },
      {
        name: 'amount in the body',
        channel: 'wechat',
        request: { ...valid, body: valid.body.replace('"total":1000', '"total":100000') },
      },
      {
        name: 'signed with another key',
        channel: 'wechat',
        request: signedNotify('another-gateway-secret-0123456789', payment, t.clock.now()),
      },
      {
        name: 'signed, wrong amount',
        channel: 'wechat',
        request: signedNotify(secret, { ...payment, amount: 100_000 }, t.clock.now()),
      },
      {
        name: 'signed, wrong currency',
        channel: 'wechat',
        request: signedNotify(secret, { ...payment, currency: 'USD' }, t.clock.now()),
      },
      {
        name: 'signed, unknown order',
        channel: 'wechat',
        request: signedNotify(secret, { ...payment, outTradeNo: 'R20261121000000999' }, t.clock.now()),
      },
      {
        name: 'signed, 10 minutes old',
        channel: 'wechat',
        request: signedNotify(secret, payment, new Date(t.clock.now().getTime() - 600_000)),
      },
      {
        name: 'no signature headers',
        channel: 'wechat',
        request: { body: valid.body, headers: { 'content-type': 'application/json' } },
      },
    ];
    expect(tampered[1]?.request.body).not.toBe(valid.body);
    for (const { name, channel, request } of tampered) {
      const before = await rowCounts(t.database.db);
      const answer = await post(channel, request);
      expect(answer.status, name).toBe(400);
      const refusal = JSON.parse(answer.text) as { code?: unknown; message?: unknown };
      expect(refusal.code, name).toBe('FAIL');
      expect(refusal.message, name).toMatch(/[\u4e00-\u9fa5]/);
      expect(countChanges(before, await rowCounts(t.database.db)), name).toEqual({});
    }
    // Signed for WeChat, delivered to the Alipay endpoint: Alipay's failure shape.
    const before = await rowCounts(t.database.db);
    const crossChannel = await post('alipay', valid);
    expect(crossChannel).toEqual({ status: 200, text: 'fail' });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    expect((await rechargeRow(t.database.db, payment.outTradeNo)).status).toBe('pending');

    // The untouched notify still works afterwards.
    expect(await post('wechat', valid)).toMatchObject({ status: 200 });
    expect((await rechargeRow(t.database.db, payment.outTradeNo)).status).toBe('paid');
  });

  it('an Alipay notify is acknowledged with the text success; a tampered one with fail', async () => {
    const payment = await pendingPayment('1.01', 'alipay');
    const secret = gatewaySecret(t.app);
    const bad = signedNotify(secret, { ...payment, amount: 1 }, t.clock.now());
    expect(await post('alipay', bad)).toEqual({ status: 200, text: 'fail' });
    expect(await post('alipay', signedNotify(secret, payment, t.clock.now()))).toEqual({
      status: 200,
      text: 'success',
    });
    // A second, different transaction for an order already paid is refused, not credited.
    const other = signedNotify(
      secret,
      { ...payment, transactionId: `${payment.transactionId}9` },
      t.clock.now(),
    );
    expect(await post('alipay', other)).toEqual({ status: 200, text: 'fail' });
    const row = await rechargeRow(t.database.db, payment.outTradeNo);
    expect(await creditTransfersOf(t.database.db, row.id)).toHaveLength(1);
  });

  it('an unknown channel is not found', async () => {
    const answer = await post('paypal', { body: '{}', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(404);
  });
});
