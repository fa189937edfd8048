import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idChecksumChar,
  ORDER_DELIVERY_SECONDS,
  ORDER_PAY_SECONDS,
  type OrderDetail,
  type ProtocolPage,
  type ProtocolSnapshots,
  type ProtocolStatus,
} from '@haoshi/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { migrationsFolder } from '../src/db/client.ts';
import { protocolSnapshots } from '../src/modules/esign/tables.ts';
import { SIGNED_WITHOUT_PROTOCOL } from '../src/modules/orders/order-service.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { processTransitions } from '../src/modules/process/tables.ts';
import { paidOrder, party } from './helpers/aftersales.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { insertListing, orderCall, payOrder, placeOrder } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

const HIDDEN = '（付款后显示）';
const SELLER_NAME = '*阳小明';

let t: TestApp;
let seller: { token: string; id: number };
let buyer: { token: string; id: number };

async function verified(phone: string, ip: string, name: string, first17: string) {
  const session = await login(t.app, phone, ip);
  const { body } = await call(t.app, 'POST', '/app/user/auth/real_name', {
    token: session.token,
    body: { name, id_number: first17 + idChecksumChar(first17) },
  });
  expect(body.err_code, JSON.stringify(body)).toBe(0);
  return { token: session.token, id: session.user.id };
}

beforeAll(async () => {
  t = await createListingsApp({ SESSION_ROTATE_AFTER_SECONDS: String(60 * 86_400) });
  seller = await verified('13700008101', '10.8.1.1', '欧阳小明', '11010519900307123');
  buyer = await verified('13700008102', '10.8.1.2', '张三丰', '11010519880202123');
  await postMoney(t.app.db, { userId: buyer.id, fen: 1_000_000 });
});
afterAll(() => t.close());

async function unpaidOrder(token = buyer.token): Promise<string> {
  const goodsId = await insertListing(t.app.db, seller.id);
  const placed = await placeOrder(t, token, { goods_id: goodsId });
  expect(placed.body.data?.state).toBe('pending_payment');
  return placed.body.data?.order_no ?? '';
}

const protocol = async (token: string, orderNo: string) => {
  const page = await call<ProtocolPage>(t.app, 'GET', `/app/order/protocol/page?order_no=${orderNo}`, {
    token,
  });
  expect(page.body.err_code, JSON.stringify(page.body)).toBe(0);
  return page.body.data as ProtocolPage;
};

/** Every read of the protocol, as `token` sees it: nothing of either party's identity. */
async function expectNoIdentities(token: string, orderNo: string) {
  const page = await protocol(token, orderNo);
  expect(page.parties.flatMap((party) => [party.name_masked, party.id_number_masked])).toEqual(
    Array(4).fill(HIDDEN),
  );
  expect(page.text).not.toContain(SELLER_NAME);
  expect(page.text).not.toMatch(/110\*+\d{3}[\dX]/);
  expect(page.status.can_sign).toBe(false);
  const preview = await call<ProtocolPage>(t.app, 'GET', `/app/order/protocol/preview?order_no=${orderNo}`, {
    token,
  });
  expect(preview.body.data?.text).toBe(page.text);
  const status = await call(t.app, 'GET', `/app/order/protocol/status?order_no=${orderNo}`, { token });
  expect(status.body.err_code).toBe(0);
  const snapshots = await call<ProtocolSnapshots>(
    t.app,
    'GET',
    `/app/order/protocol/snapshots?order_no=${orderNo}`,
    { token },
  );
  expect(snapshots.body.data?.list).toEqual([]);
}

describe(`who the protocol of an order names, by the order's state (${databaseKind})`, () => {
  it('an unpaid order names nobody, to the buyer or the seller, before or after it is cancelled', async () => {
    // Anyone can place an order and cancel it: placing must not be a way to learn who sells.
    const stranger = await login(t.app, '13700008103', '10.8.1.3');
    const orderNo = await unpaidOrder(stranger.token);
    await expectNoIdentities(stranger.token, orderNo);
    await expectNoIdentities(seller.token, orderNo);
    const cancelled = await orderCall(t, stranger.token, '/app/order/cancel', { order_no: orderNo });
    expect(cancelled.body.data?.state).toBe('cancelled');
    await expectNoIdentities(stranger.token, orderNo);
  });

  it('an order closed unpaid by the timer names nobody', async () => {
    const orderNo = await unpaidOrder();
    t.clock.advance(ORDER_PAY_SECONDS);
    await t.app.jobs.runDue();
    const detail = await call<OrderDetail>(t.app, 'GET', `/app/order/detail?order_no=${orderNo}`, {
      token: buyer.token,
    });
    expect(detail.body.data?.state).toBe('expired');
    await expectNoIdentities(buyer.token, orderNo);
  });

  it('a paid order names both parties, and still does once refunded', async () => {
    const orderNo = await unpaidOrder();
    expect((await payOrder(t, buyer.token, orderNo)).body.data?.order.state).toBe('paid');
    for (const token of [buyer.token, seller.token]) {
      const page = await protocol(token, orderNo);
      expect(page.parties.map((party) => party.name_masked)).toEqual(['*三丰', SELLER_NAME]);
      expect(page.parties[1]?.id_number_masked).toMatch(/^110\*+\d{3}[\dX]$/);
      expect(page.text).toContain(`甲方（转让方/卖方）：${SELLER_NAME}`);
      expect(page.text).not.toContain(HIDDEN);
    }
    t.clock.advance(ORDER_DELIVERY_SECONDS);
    await t.app.jobs.runDue();
    const refunded = await protocol(buyer.token, orderNo);
    expect(refunded.parties.map((party) => party.name_masked)).toEqual(['*三丰', SELLER_NAME]);
  });
});

describe(`an order past signing without snapshots, by what took it there (${databaseKind})`, () => {
  it('its signatures: the snapshots are missing; the development route (as the demo trades): nothing is', async () => {
    const staff = await party(t, '13700008104', true);
    const people = { buyer, seller, staff };
    const snapshotsOf = async (orderNo: string) =>
      (
        await call<ProtocolSnapshots>(t.app, 'GET', `/app/order/protocol/snapshots?order_no=${orderNo}`, {
          token: buyer.token,
        })
      ).body.data;
    const statusOf = async (orderNo: string) =>
      (
        await call<ProtocolStatus>(t.app, 'GET', `/app/order/protocol/status?order_no=${orderNo}`, {
          token: buyer.token,
        })
      ).body.data?.status;

    const signing = await paidOrder(t, people, { steps: 4 });
    expect(signing.state).toBe('signing');
    const [order] = await t.app.db.select().from(orders).where(eq(orders.orderNo, signing.order_no));
    // What the signature completing the protocol does, its snapshots removed since.
    await t.app.db.transaction((tx) => t.app.orders.completeSigning(tx, order?.id ?? 0));
    expect(await snapshotsOf(signing.order_no)).toMatchObject({ valid: false, missing: true, list: [] });
    expect(await statusOf(signing.order_no)).toBe('missing');

    const viaDevelopmentRoute = await paidOrder(t, people, { steps: 5 });
    expect(viaDevelopmentRoute.state).toBe('protection');
    expect(await snapshotsOf(viaDevelopmentRoute.order_no)).toMatchObject({
      valid: true,
      missing: false,
      list: [],
    });
    expect(await statusOf(viaDevelopmentRoute.order_no)).toBe('unsigned');
  });

  it('migration 0034 gives an earlier `sign` without snapshots that reason, and leaves a signed one alone', async () => {
    const staff = await party(t, '13700008105', true);
    const people = { buyer, seller, staff };
    const signOf = (orderId: number) =>
      and(
        eq(processTransitions.process, 'order'),
        eq(processTransitions.subjectId, orderId),
        eq(processTransitions.action, 'sign'),
      );
    const idOf = async (orderNo: string) =>
      (await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo)))[0]?.id ?? 0;
    const withoutProtocol = await idOf((await paidOrder(t, people, { steps: 5 })).order_no);
    const signed = await paidOrder(t, people, { steps: 5 });
    const signedId = await idOf(signed.order_no);
    // The second as if its parties had signed: a snapshot row is all the migration looks for.
    await t.app.db.insert(protocolSnapshots).values({
      subjectId: signedId,
      orderNo: signed.order_no,
      seq: 1,
      signedBy: 'buyer',
      templateVersion: 'v1',
      text: '',
      textSha256: '',
      parties: {
        buyer: { user_id: buyer.id, name_masked: '', id_number_masked: '' },
        seller: { user_id: seller.id, name_masked: '', id_number_masked: '' },
      },
      signatures: [],
      signedAt: new Date(),
      prevHash: '',
      hash: '',
      platformSignature: '',
      keyId: '',
    });
    for (const id of [withoutProtocol, signedId])
      await t.app.db.update(processTransitions).set({ reason: null }).where(signOf(id));

    const migration = readFileSync(join(migrationsFolder, '0034_signing-without-protocol.sql'), 'utf8');
    await t.app.db.execute(sql.raw(migration));
    const reasonOf = async (id: number) =>
      (
        await t.app.db
          .select({ reason: processTransitions.reason })
          .from(processTransitions)
          .where(signOf(id))
      )[0]?.reason;
    expect(await reasonOf(withoutProtocol)).toBe(SIGNED_WITHOUT_PROTOCOL);
    expect(await reasonOf(signedId)).toBeNull();
  });
});
