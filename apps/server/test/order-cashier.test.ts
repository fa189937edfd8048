import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCodes, type OrderDetail } from '@haoshi/contracts';
import { ledger } from '../src/modules/ledger/index.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { recharges } from '../src/modules/payments/tables.ts';
import { login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { insertListing, orderCall, payOrder, placeOrder } from './helpers/orders.ts';
import { cashier, gatewayRow } from './helpers/payments.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

let t: TestApp;
let sellerId: number;
beforeAll(async () => {
  t = await createListingsApp();
  sellerId = (await login(t.app, '13860000001')).user.id;
});
afterAll(() => t.close());

const stateOf = async (orderNo: string) =>
  (await t.app.db.select({ state: orders.state }).from(orders).where(eq(orders.orderNo, orderNo)))[0]?.state;
const rechargesOf = (userId: number) =>
  t.app.db
    .select({ orderNo: recharges.orderNo, amount: recharges.amount, status: recharges.status })
    .from(recharges)
    .where(eq(recharges.userId, userId))
    .orderBy(recharges.id);

/** A buyer with 40.00 on a 100.00 order, sent to the cashier for the other 60.00. */
async function atTheCashier(phone: string) {
  const buyer = await login(t.app, phone);
  await postMoney(t.app.db, { userId: buyer.user.id, fen: 40_00 });
  const goodsId = await insertListing(t.app.db, sellerId, { priceFen: 100_00 });
  const placed = await placeOrder(t, buyer.token, { goods_id: goodsId });
  const orderNo = (placed.body.data as OrderDetail).order_no;
  const started = await payOrder(t, buyer.token, orderNo, 'wechat');
  const url = started.body.data?.cashier_url;
  if (!url) throw new Error(`no cashier: ${JSON.stringify(started.body)}`);
  const [recharge] = await rechargesOf(buyer.user.id);
  if (!recharge) throw new Error('no recharge');
  return { buyer, orderNo, url, rechargeNo: recharge.orderNo };
}

describe(`an order's cashier payment and the order's end (${databaseKind})`, () => {
  it('paid in time with the notify late: the pay timer credits it and the order is paid, not expired', async () => {
    const { buyer, orderNo, url } = await atTheCashier('13860000011');
    t.clock.advance(600);
    expect((await cashier(t.app, url, 'pay')).statusCode).toBe(303);
    t.clock.advance(300);
    await t.app.jobs.runDue();
    expect(await stateOf(orderNo)).toBe('paid');
    expect((await ledger.balances(t.app.db, buyer.user.id)).available).toBe(0);
  });

  it('expired unpaid: the cashier is closed and takes no money for the gone order', async () => {
    const { buyer, orderNo, url, rechargeNo } = await atTheCashier('13860000021');
    t.clock.advance(900);
    await t.app.jobs.runDue();
    expect(await stateOf(orderNo)).toBe('expired');
    expect((await rechargesOf(buyer.user.id)).map((row) => row.status)).toEqual(['closed']);
    await cashier(t.app, url, 'pay');
    expect((await gatewayRow(t.app.db, rechargeNo)).status).toBe('closed');
    expect((await ledger.balances(t.app.db, buyer.user.id)).available).toBe(40_00);
  });

  it('cancelled by the buyer: the pending cashier payment is closed with it', async () => {
    const { buyer, orderNo, rechargeNo } = await atTheCashier('13860000031');
    const cancelled = await orderCall(t, buyer.token, '/app/order/cancel', { order_no: orderNo });
    expect(cancelled.body.err_code).toBe(0);
    expect(await stateOf(orderNo)).toBe('cancelled');
    expect((await gatewayRow(t.app.db, rechargeNo)).status).toBe('closed');
    expect((await rechargesOf(buyer.user.id)).map((row) => row.status)).toEqual(['closed']);
  });

  it('a cancel after paying at the cashier finds the order paid and is refused', async () => {
    const { buyer, orderNo, url } = await atTheCashier('13860000041');
    expect((await cashier(t.app, url, 'pay')).statusCode).toBe(303);
    const cancelled = await orderCall(t, buyer.token, '/app/order/cancel', { order_no: orderNo });
    expect(cancelled.body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
    expect(await stateOf(orderNo)).toBe('paid');
  });

  it('paying again after the cashier took the money answers the paid order, with no second cashier', async () => {
    const { buyer, orderNo, url } = await atTheCashier('13860000051');
    expect((await cashier(t.app, url, 'pay')).statusCode).toBe(303);
    const again = await payOrder(t, buyer.token, orderNo, 'wechat');
    expect(again.body.err_code).toBe(0);
    expect(again.body.data?.order.state).toBe('paid');
    expect(again.body.data?.cashier_url).toBeNull();
    expect((await rechargesOf(buyer.user.id)).map((row) => row.status)).toEqual(['paid']);
  });

  it('switching to another channel closes the first cashier payment', async () => {
    const { buyer, orderNo, rechargeNo } = await atTheCashier('13860000061');
    const switched = await payOrder(t, buyer.token, orderNo, 'alipay');
    expect(switched.body.data?.cashier_url).toBeTruthy();
    expect((await gatewayRow(t.app.db, rechargeNo)).status).toBe('closed');
    expect((await rechargesOf(buyer.user.id)).map((row) => row.status)).toEqual(['closed', 'pending']);
  });

  it('an order that expires while its cashier payment is being started takes that payment with it', async () => {
    const buyer = await login(t.app, '13860000071');
    await postMoney(t.app.db, { userId: buyer.user.id, fen: 40_00 });
    const goodsId = await insertListing(t.app.db, sellerId, { priceFen: 100_00 });
    const placed = await placeOrder(t, buyer.token, { goods_id: goodsId });
    const orderNo = (placed.body.data as OrderDetail).order_no;
    t.clock.advance(899);
    const { recharges: service } = t.app.payments;
    const create = service.create.bind(service);
    // The gateway answers after the pay timer: the order expires in between.
    service.create = async (...args) => {
      const created = await create(...args);
      t.clock.advance(2);
      await t.app.jobs.runDue();
      return created;
    };
    try {
      const started = await payOrder(t, buyer.token, orderNo, 'wechat');
      expect(started.body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
    } finally {
      service.create = create;
    }
    expect(await stateOf(orderNo)).toBe('expired');
    const [recharge] = await rechargesOf(buyer.user.id);
    expect(recharge?.status).toBe('closed');
    expect((await gatewayRow(t.app.db, recharge?.orderNo ?? '')).status).toBe('closed');
  });

  it('an order closed unpaid has its linked cashier payment closed by a job after the commit', async () => {
    const { buyer, orderNo, rechargeNo } = await atTheCashier('13860000081');
    // The cashier could not be reached before the expiry (beforeFire logs and goes on)…
    const { recharges: service } = t.app.payments;
    const close = service.close.bind(service);
    service.close = async () => {
      throw new Error('gateway unreachable');
    };
    try {
      t.clock.advance(900);
      await t.app.jobs.runDue();
    } finally {
      service.close = close;
    }
    expect(await stateOf(orderNo)).toBe('expired');
    // …the job sent with the expiry closes it once the gateway answers again (its retry).
    t.clock.advance(600);
    await t.app.jobs.runDue();
    expect((await gatewayRow(t.app.db, rechargeNo)).status).toBe('closed');
    expect((await rechargesOf(buyer.user.id)).map((row) => row.status)).toEqual(['closed']);
  });
});
