import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type OrderDetail } from '@haoshi/contracts';
import { ledger } from '../src/modules/ledger/index.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { goodsStatus, insertListing, orderCall, payOrder, placeOrder } from './helpers/orders.ts';
import { type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';
import { userRoles } from '../src/modules/identity/tables.ts';

let t: TestApp;
let buyer: { token: string; id: number };
let seller: { token: string; id: number };
let staff: { token: string; id: number };

beforeAll(async () => {
  t = await createListingsApp();
  const logged = async (phone: string) => {
    const { token, user } = await login(t.app, phone);
    return { token, id: user.id };
  };
  buyer = await logged('13800000001');
  seller = await logged('13800000002');
  staff = await logged('13800000003');
  await t.app.db.insert(userRoles).values({ userId: staff.id, role: 'customer_service' });
});
afterAll(() => t.close());

describe('a guaranteed trade from placing to completion', () => {
  it('places, pays from the wallet, is handed over by staff and completed by the buyer', async () => {
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 10_000 });
    await postMoney(t.app.db, { userId: buyer.id, fen: 20_000 });
    const placed = await placeOrder(t, buyer.token, { goods_id: goodsId, guarantee: 'basic' });
    expect(placed.body.err_code).toBe(0);
    const order = placed.body.data as OrderDetail;
    expect(order.state).toBe('pending_payment');
    expect(order.quote).toMatchObject({
      price: '100.00',
      guarantee_fee: '3.00',
      payable: '103.00',
      trade_fee: '5.00',
    });
    expect(await goodsStatus(t.app.db, goodsId)).toBe('locked');

    const paid = await payOrder(t, buyer.token, order.order_no);
    expect(paid.body.err_code).toBe(0);
    expect(paid.body.data?.order.state).toBe('paid');
    for (const action of ['deliver', 'submit_account', 'verify_pass', 'finish_rebinding', 'sign']) {
      // The rebinding checklist (the password at least) is confirmed before rebinding can finish.
      if (action === 'finish_rebinding')
        expect(
          (
            await orderCall(t, staff.token, '/app/order/rebinding/confirm', {
              order_no: order.order_no,
              step: 'password',
            })
          ).body.err_code,
        ).toBe(0);
      expect(
        (await orderCall(t, staff.token, '/app/order/staff/step', { order_no: order.order_no, action })).body
          .err_code,
      ).toBe(0);
    }
    const done = await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
    expect(done.body.data?.state).toBe('completed');
    expect(await goodsStatus(t.app.db, goodsId)).toBe('sold');
    const balances = await ledger.balances(t.app.db, seller.id);
    expect(balances.available).toBe(9_500);
    const refused = await orderCall(t, buyer.token, '/app/order/cancel', { order_no: order.order_no });
    expect(refused.body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
    const detail = await call<OrderDetail>(t.app, 'GET', `/app/order/detail?order_no=${order.order_no}`, {
      token: seller.token,
    });
    expect(detail.body.data?.timeline.map((entry) => entry.to)).toEqual([
      'pending_payment',
      'paid',
      'delivering',
      'verifying',
      'rebinding',
      'signing',
      'protection',
      'completed',
    ]);
  });
});
