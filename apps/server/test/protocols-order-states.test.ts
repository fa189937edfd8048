import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  idChecksumChar,
  ORDER_DELIVERY_SECONDS,
  ORDER_PAY_SECONDS,
  type OrderDetail,
  type ProtocolPage,
  type ProtocolSnapshots,
} from '@haoshi/contracts';
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
