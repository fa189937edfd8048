import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  canTake,
  ErrorCodes,
  ORDER_DELIVERY_SECONDS,
  orderActions,
  orderRoles,
  orderStates,
  orderPaths,
  orderStaffSteps,
  refusalMessage,
  type OrderAction,
  type OrderDetail,
  type OrderGuarantee,
  type OrderList,
  type OrderPayment,
  type OrderState,
  orderProcess,
} from '@haoshi/contracts';
import { ledger } from '../src/modules/ledger/index.ts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { userRoles } from '../src/modules/identity/tables.ts';
import { createTemplate, claimTemplate } from '../src/modules/coupons/coupon-claims.ts';
import { userCoupons } from '../src/modules/coupons/tables.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { goodsStatus, insertListing, orderCall, payOrder, placeOrder } from './helpers/orders.ts';
import { cashier } from './helpers/payments.ts';
import { type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

interface Party {
  token: string;
  id: number;
}

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
let stranger: Party;

beforeAll(async () => {
  // The clock moves days forward below: keep the sessions from rotating meanwhile.
  t = await createListingsApp({ SESSION_ROTATE_AFTER_SECONDS: String(60 * 86_400) });
  const logged = async (phone: string): Promise<Party> => {
    const { token, user } = await login(t.app, phone);
    return { token, id: user.id };
  };
  buyer = await logged('13800000001');
  seller = await logged('13800000002');
  staff = await logged('13800000003');
  stranger = await logged('13800000004');
  await t.app.db.insert(userRoles).values({ userId: staff.id, role: 'customer_service' });
  await postMoney(t.app.db, { userId: buyer.id, fen: 10_000_000 });
});
afterAll(() => t.close());

const detailOf = async (party: Party, orderNo: string) =>
  call<OrderDetail>(t.app, 'GET', `/app/order/detail?order_no=${orderNo}`, { token: party.token });

async function newOrder(options: { guarantee?: 'basic' | 'extended'; priceFen?: number } = {}) {
  const goodsId = await insertListing(t.app.db, seller.id, { priceFen: options.priceFen ?? 10_000 });
  const placed = await placeOrder(t, buyer.token, {
    goods_id: goodsId,
    ...(options.guarantee ? { guarantee: options.guarantee } : {}),
  });
  expect(placed.body.err_code).toBe(0);
  return { goodsId, orderNo: (placed.body.data as OrderDetail).order_no };
}

const cancel = (orderNo: string) => orderCall(t, buyer.token, '/app/order/cancel', { order_no: orderNo });

/**
 * Customer service takes a step. Rebinding finishes only once its checklist (the password at
 * least) is confirmed, so staff confirm it first, as they would on the order screen.
 */
async function staffStep(orderNo: string, action: string, party: Party = staff) {
  if (action === 'finish_rebinding')
    await orderCall(t, party.token, '/app/order/rebinding/confirm', { order_no: orderNo, step: 'password' });
  // Nobody signs for the parties: the development route completes the signing as if both had.
  if (action === 'sign')
    return orderCall(t, party.token, orderPaths.devCompleteSigning, { order_no: orderNo });
  return orderCall(t, party.token, '/app/order/staff/step', { order_no: orderNo, action });
}

/** The path through the hand-over, as customer service takes it, state by state. */
const path: { from: OrderState; action: OrderAction }[] = [
  { from: 'pending_payment', action: 'pay' },
  { from: 'paid', action: 'deliver' },
  { from: 'delivering', action: 'submit_account' },
  { from: 'verifying', action: 'verify_pass' },
  { from: 'rebinding', action: 'finish_rebinding' },
  { from: 'signing', action: 'sign' },
  { from: 'protection', action: 'confirm_receipt' },
];

describe('a guaranteed trade from placing to completion', () => {
  it('prices on the server, pays into escrow, is handed over by staff and completed by the buyer', async () => {
    const quote = await call<OrderGuarantee>(t.app, 'GET', `/app/order/guarantee?goods_id=${0}`, {
      token: buyer.token,
    });
    expect(quote.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 10_000 });
    const options = await call<OrderGuarantee>(
      t.app,
      'GET',
      `/app/order/guarantee?goods_id=${goodsId}&guarantee=extended`,
      { token: buyer.token },
    );
    expect(options.body.data?.can_order).toBe(true);
    expect(options.body.data?.options.map((option) => option.code)).toEqual(['basic', 'extended']);
    expect(options.body.data?.quote).toMatchObject({ guarantee_fee: '5.00', payable: '105.00' });

    const sellerBefore = (await ledger.balances(t.app.db, seller.id)).available;
    const placed = await placeOrder(t, buyer.token, { goods_id: goodsId, guarantee: 'basic' });
    expect(placed.body.err_code).toBe(0);
    const order = placed.body.data as OrderDetail;
    expect(order.state).toBe('pending_payment');
    expect(order.actions).toEqual(['pay', 'cancel']);
    expect(order.deadlines.pay_by).toBe(new Date(t.clock.now().getTime() + 900_000).toISOString());
    expect(order.quote).toMatchObject({
      price: '100.00',
      guarantee_fee: '3.00',
      payable: '103.00',
      trade_fee: '5.00',
      seller_income: '95.00',
    });
    expect(await goodsStatus(t.app.db, goodsId)).toBe('locked');

    const paid = await payOrder(t, buyer.token, order.order_no);
    expect(paid.body.data?.order).toMatchObject({ state: 'paid', escrow: '103.00', wallet_paid: '103.00' });
    expect(paid.body.data?.order.deadlines.deliver_by).not.toBeNull();
    // Place and pay answer with the timeline they recorded: the same as the detail reads afterwards.
    expect(order.timeline.map((entry) => entry.action)).toEqual(['create']);
    expect(paid.body.data?.order.timeline.map((entry) => entry.action)).toEqual(['create', 'pay']);
    expect((await detailOf(buyer, order.order_no)).body.data).toEqual(paid.body.data?.order);
    for (const step of path.slice(1, -1))
      expect((await staffStep(order.order_no, step.action)).body.err_code).toBe(0);
    const protection = await detailOf(buyer, order.order_no);
    expect(protection.body.data?.actions).toEqual(['confirm_receipt', 'dispute']);
    expect(protection.body.data?.deadlines.release_at).not.toBeNull();
    const done = await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
    expect(done.body.data).toMatchObject({ state: 'completed', escrow: '0.00' });
    expect(await goodsStatus(t.app.db, goodsId)).toBe('sold');
    expect((await ledger.balances(t.app.db, seller.id)).available - sellerBefore).toBe(9_500);

    const detail = await detailOf(seller, order.order_no);
    expect(detail.body.data?.role).toBe('seller');
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
    const payment = await call<OrderPayment>(
      t.app,
      'GET',
      `/app/order/alipay_transfer/detail?order_no=${order.order_no}`,
      {
        token: buyer.token,
      },
    );
    expect(payment.body.data).toMatchObject({ payable: '103.00', wallet_paid: '103.00', gateway: null });
    const bills = await call<{ list: { type: string; amount: string }[] }>(t.app, 'GET', '/app/user/bill', {
      token: seller.token,
    });
    expect(bills.body.data?.list[0]).toMatchObject({ type: 'sale_income', amount: '95.00' });
  });

  it('refuses every action the table does not allow, for every role, along the whole path', async () => {
    const { orderNo } = await newOrder();
    const buyerRoutes: [OrderAction, () => Promise<{ body: { err_code: number; message?: string } }>][] = [
      ['pay', () => payOrder(t, buyer.token, orderNo)],
      ['cancel', () => orderCall(t, buyer.token, '/app/order/cancel', { order_no: orderNo })],
      ['confirm_receipt', () => orderCall(t, buyer.token, '/app/order/confirm', { order_no: orderNo })],
    ];
    for (const { from, action } of path) {
      for (const [candidate, take] of buyerRoutes) {
        if (canTake(orderProcess, from, candidate, ['buyer'])) continue;
        const refused = (await take()).body;
        expect([from, candidate, refused.err_code]).toEqual([
          from,
          candidate,
          ErrorCodes.ORDER_STATE_INVALID,
        ]);
        expect(refused.message).toBe(refusalMessage(orderProcess, from, candidate));
      }
      for (const candidate of orderStaffSteps) {
        if (canTake(orderProcess, from, candidate, ['customer_service'])) continue;
        expect([from, candidate, (await staffStep(orderNo, candidate)).body.err_code]).toEqual([
          from,
          candidate,
          ErrorCodes.ORDER_STATE_INVALID,
        ]);
      }
      // Neither party may take customer service's steps; the seller is never the buyer.
      expect((await staffStep(orderNo, 'deliver', seller)).body.err_code).toBe(ErrorCodes.FORBIDDEN);
      // Nobody signs for the parties: customer service has no 协议签署完成.
      const signedByStaff = await orderCall(t, staff.token, '/app/order/staff/step', {
        order_no: orderNo,
        action: 'sign',
      });
      expect(signedByStaff.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
      expect(
        (await orderCall(t, seller.token, '/app/order/cancel', { order_no: orderNo })).body.err_code,
      ).toBe(ErrorCodes.ORDER_NOT_FOUND);
      expect((await detailOf(buyer, orderNo)).body.data?.state).toBe(from);
      const taken =
        action === 'pay'
          ? await payOrder(t, buyer.token, orderNo)
          : action === 'confirm_receipt'
            ? await orderCall(t, buyer.token, '/app/order/confirm', { order_no: orderNo })
            : await staffStep(orderNo, action);
      expect([from, action, taken.body.err_code]).toEqual([from, action, 0]);
    }
    expect((await detailOf(buyer, orderNo)).body.data?.state).toBe('completed');
  });

  it('answers each party the buttons of its own role', async () => {
    const { orderNo } = await newOrder();
    expect((await detailOf(buyer, orderNo)).body.data?.actions).toEqual(['pay', 'cancel']);
    expect((await detailOf(seller, orderNo)).body.data?.actions).toEqual([]);
    expect((await detailOf(staff, orderNo)).body.data?.role).toBe('customer_service');
    await payOrder(t, buyer.token, orderNo);
    expect((await detailOf(seller, orderNo)).body.data?.actions).toEqual(['deliver']);
    expect((await detailOf(staff, orderNo)).body.data?.actions).toEqual(['deliver']);
  });

  it('refuses customer service on an order of their own', async () => {
    const goodsId = await insertListing(t.app.db, staff.id);
    const placed = await placeOrder(t, buyer.token, { goods_id: goodsId });
    const orderNo = (placed.body.data as OrderDetail).order_no;
    await payOrder(t, buyer.token, orderNo);
    expect((await staffStep(orderNo, 'deliver')).body.err_code).toBe(ErrorCodes.ORDER_STAFF_OWN_ORDER);
  });
});

describe('the table, on the server engine', () => {
  it('allows exactly the listed (state, action, role) and refuses every other with 4702 and its message', () => {
    let allowed = 0;
    for (const state of orderStates)
      for (const action of orderActions)
        for (const role of orderRoles) {
          const request = {
            process: orderProcess,
            subjectId: 1,
            ownerId: seller.id,
            from: state,
            action,
            actor: { role, userId: role === 'system' ? null : stranger.id },
            // Guards are the server's verdicts (tested with the hand-over); here the table alone.
            guards: { rebinding_done: true },
          };
          if (canTake(orderProcess, state, action, [role])) {
            allowed++;
            expect(t.app.processes.check(request)).toBe(orderProcess.transitions[action].to ?? state);
          } else {
            expect(() => t.app.processes.check(request)).toThrow(
              expect.objectContaining({
                errCode: ErrorCodes.ORDER_STATE_INVALID,
                message: refusalMessage(orderProcess, state, action),
              }),
            );
          }
        }
    // As many allowed as the table lists: each action from each of its states, for each of its roles.
    expect(allowed).toBe(
      orderActions.reduce((sum, action) => {
        const { from, roles } = orderProcess.transitions[action];
        const states = typeof from === 'string' ? 1 : from.length;
        return sum + states * roles.filter((role) => (orderRoles as readonly string[]).includes(role)).length;
      }, 0),
    );
  });
});

describe('placing', () => {
  it("refuses the buyer's own listing, a listing in an order, an option not offered and too many unpaid orders", async () => {
    const own = await insertListing(t.app.db, buyer.id);
    expect((await placeOrder(t, buyer.token, { goods_id: own })).body.err_code).toBe(
      ErrorCodes.ORDER_OWN_GOODS,
    );
    const { goodsId, orderNo } = await newOrder();
    expect((await placeOrder(t, stranger.token, { goods_id: goodsId })).body.err_code).toBe(
      ErrorCodes.ORDER_GOODS_UNAVAILABLE,
    );
    expect((await cancel(orderNo)).body.data?.state).toBe('cancelled');
    expect(await goodsStatus(t.app.db, goodsId)).toBe('on_sale');
    const limited = await insertListing(t.app.db, seller.id, { guarantees: ['basic'] });
    expect(
      (await placeOrder(t, stranger.token, { goods_id: limited, guarantee: 'extended' })).body.err_code,
    ).toBe(ErrorCodes.ORDER_GUARANTEE_UNAVAILABLE);
    for (let index = 0; index < 3; index++) {
      const goods = await insertListing(t.app.db, seller.id);
      expect((await placeOrder(t, stranger.token, { goods_id: goods })).body.err_code).toBe(0);
    }
    const one = await insertListing(t.app.db, seller.id);
    expect((await placeOrder(t, stranger.token, { goods_id: one })).body.err_code).toBe(
      ErrorCodes.ORDER_UNPAID_LIMIT,
    );
    expect(await goodsStatus(t.app.db, one)).toBe('on_sale');
  });

  it('takes a coupon: the buyer pays less, escrow holds the whole price, the seller is paid in full', async () => {
    const template = await createTemplate(t.app.db, {
      code: 'order_test',
      name: '下单立减',
      channel: 'hall',
      amountOff: 1_000,
      validDays: 7,
      stockTotal: 10,
    });
    if (!template) throw new Error('no template');
    const coupon = await claimTemplate(t.app.db, buyer.id, template.id, t.clock.now());
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 10_000 });
    const placed = await placeOrder(t, buyer.token, { goods_id: goodsId, coupon_id: coupon.id });
    const order = placed.body.data as OrderDetail;
    expect(order.quote).toMatchObject({ discount: '10.00', payable: '90.00' });
    const paid = await payOrder(t, buyer.token, order.order_no);
    expect(paid.body.data?.order.escrow).toBe('100.00');
    const [used] = await t.app.db.select().from(userCoupons).where(eq(userCoupons.id, coupon.id));
    expect(used?.status).toBe('used');
  });
});

describe('paying', () => {
  it('needs an Idempotency-Key and refuses a short balance for a wallet payment', async () => {
    const { orderNo } = await newOrder();
    const missing = await call(t.app, 'POST', '/app/order/data/v2', {
      token: buyer.token,
      body: { order_no: orderNo, method: 'wallet' },
    });
    expect(missing.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    await cancel(orderNo);
    const poor = await login(t.app, '13800000005');
    const goodsId = await insertListing(t.app.db, seller.id);
    const placed = await placeOrder(t, poor.token, { goods_id: goodsId });
    const short = await payOrder(t, poor.token, (placed.body.data as OrderDetail).order_no);
    expect(short.body.err_code).toBe(ErrorCodes.ORDER_BALANCE_SHORT);

    // Some money, not enough: the posting refuses the overdraft and nothing of the step is written.
    await postMoney(t.app.db, { userId: poor.user.id, fen: 4_000 });
    const shortOrderNo = (placed.body.data as OrderDetail).order_no;
    const stillShort = await payOrder(t, poor.token, shortOrderNo);
    expect(stillShort.body.err_code).toBe(ErrorCodes.ORDER_BALANCE_SHORT);
    const unpaid = await detailOf({ token: poor.token, id: poor.user.id }, shortOrderNo);
    expect(unpaid.body.data).toMatchObject({
      state: 'pending_payment',
      wallet_paid: '0.00',
      balance: '40.00',
    });
    expect(unpaid.body.data?.timeline.map((entry) => entry.action)).toEqual(['create']);
    expect(await ledger.balances(t.app.db, poor.user.id)).toEqual({ available: 4_000, frozen: 0 });
  });

  it('pays the rest through the sandbox cashier: the order is paid when the recharge is credited', async () => {
    const poor = await login(t.app, '13800000006');
    await postMoney(t.app.db, { userId: poor.user.id, fen: 4_000 });
    const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 10_000 });
    const placed = await placeOrder(t, poor.token, { goods_id: goodsId });
    const orderNo = (placed.body.data as OrderDetail).order_no;
    const started = await payOrder(t, poor.token, orderNo, 'wechat');
    expect(started.body.data?.order.state).toBe('pending_payment');
    const cashierUrl = started.body.data?.cashier_url;
    if (!cashierUrl) throw new Error('no cashier');
    const again = await payOrder(t, poor.token, orderNo, 'wechat');
    expect(again.body.data?.cashier_url).toBe(cashierUrl);
    expect((await cashier(t.app, cashierUrl, 'pay')).statusCode).toBe(303);
    const payment = await call<OrderPayment>(
      t.app,
      'GET',
      `/app/order/alipay_transfer/detail?order_no=${orderNo}`,
      {
        token: poor.token,
      },
    );
    expect(payment.body.data).toMatchObject({ state: 'paid', wallet_paid: '40.00', gateway_paid: '60.00' });
    expect(payment.body.data?.gateway).toMatchObject({ channel: 'wechat', amount: '60.00', status: 'paid' });
    expect((await ledger.balances(t.app.db, poor.user.id)).available).toBe(0);
  });

  it('the same payment sent 100 times moves the money once', async () => {
    const { orderNo } = await newOrder();
    const before = (await ledger.balances(t.app.db, buyer.id)).available;
    const sameKey = await Promise.all(
      Array.from({ length: 50 }, () => payOrder(t, buyer.token, orderNo, 'wallet', 'same-key')),
    );
    const otherKeys = await Promise.all(Array.from({ length: 50 }, () => payOrder(t, buyer.token, orderNo)));
    const ok = [...sameKey, ...otherKeys].filter((result) => result.body.err_code === 0);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const result of otherKeys.filter((result) => result.body.err_code !== 0))
      expect([ErrorCodes.ORDER_STATE_INVALID]).toContain(result.body.err_code);
    const order = (await detailOf(buyer, orderNo)).body.data;
    const transfers = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'order.pay'));
    expect(transfers.filter((row) => row.metadata.order_no === orderNo)).toHaveLength(1);
    expect(before - (await ledger.balances(t.app.db, buyer.id)).available).toBe(10_000);
    expect(order?.state).toBe('paid');
  });
});

describe('who may see and touch an order', () => {
  it('answers 4701 to anyone but the parties and customer service', async () => {
    const { orderNo } = await newOrder();
    expect((await detailOf(stranger, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    const payment = await call(t.app, 'GET', `/app/order/alipay_transfer/detail?order_no=${orderNo}`, {
      token: stranger.token,
    });
    expect(payment.body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await payOrder(t, stranger.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await payOrder(t, seller.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    for (const path of ['/app/order/cancel', '/app/order/confirm'])
      expect((await orderCall(t, stranger.token, path, { order_no: orderNo })).body.err_code).toBe(
        ErrorCodes.ORDER_NOT_FOUND,
      );
    expect((await detailOf(buyer, orderNo)).body.data?.state).toBe('pending_payment');
    const list = await call<OrderList>(t.app, 'GET', '/app/order/list?side=buy', { token: stranger.token });
    expect(list.body.data?.list.map((item) => item.order_no)).not.toContain(orderNo);
    await cancel(orderNo);
  });
});

describe('lists', () => {
  it('answers 我买到的 and 我卖出的 by tab with counts', async () => {
    const { orderNo } = await newOrder();
    const bought = await call<OrderList>(t.app, 'GET', '/app/order/list?side=buy&tab=pending_payment', {
      token: buyer.token,
    });
    expect(bought.body.data?.list.map((item) => item.order_no)).toContain(orderNo);
    expect(bought.body.data?.list.every((item) => item.state === 'pending_payment')).toBe(true);
    expect(bought.body.data?.total).toBe(bought.body.data?.counts.pending_payment);
    const sold = await call<OrderList>(t.app, 'GET', '/app/order/list?side=sell', { token: seller.token });
    expect(sold.body.data?.list.find((item) => item.order_no === orderNo)?.role).toBe('seller');
    await cancel(orderNo);
    const counts = sold.body.data?.counts;
    if (!counts) throw new Error('no counts');
    expect(counts.all).toBe(
      counts.pending_payment + counts.in_progress + counts.completed + counts.closed + counts.after_sales,
    );
  });
});

describe('timers', () => {
  it('expires an unpaid order after 15 minutes: the listing and the coupon are released', async () => {
    const { goodsId, orderNo } = await newOrder();
    t.clock.advance(899);
    await t.app.jobs.runDue();
    expect((await detailOf(buyer, orderNo)).body.data?.state).toBe('pending_payment');
    t.clock.advance(1);
    await t.app.jobs.runDue();
    expect((await detailOf(buyer, orderNo)).body.data?.state).toBe('expired');
    expect(await goodsStatus(t.app.db, goodsId)).toBe('on_sale');
    expect((await payOrder(t, buyer.token, orderNo)).body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
  });

  it('refunds the buyer when the seller does not start the hand-over within the delivery deadline', async () => {
    const { goodsId, orderNo } = await newOrder();
    await payOrder(t, buyer.token, orderNo);
    const before = (await ledger.balances(t.app.db, buyer.id)).available;
    t.clock.advance(ORDER_DELIVERY_SECONDS - 1);
    await t.app.jobs.runDue();
    expect((await detailOf(buyer, orderNo)).body.data?.state).toBe('paid');
    t.clock.advance(1);
    await t.app.jobs.runDue();
    expect((await detailOf(buyer, orderNo)).body.data).toMatchObject({
      state: 'cancelled_refunded',
      escrow: '0.00',
    });
    // Other orders of this buyer may time out in the same day: count this order's refund only.
    const refunds = await t.app.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'order.refund'));
    expect(refunds.filter((row) => row.metadata.order_no === orderNo).map((row) => row.amount)).toEqual([
      10_000,
    ]);
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBeGreaterThanOrEqual(before + 10_000);
    expect(await goodsStatus(t.app.db, goodsId)).toBe('on_sale');
  });

  it('releases escrow to the seller when the protection period of the 包赔 option ends', async () => {
    const { goodsId, orderNo } = await newOrder({ guarantee: 'basic' });
    await payOrder(t, buyer.token, orderNo);
    for (const step of path.slice(1, -1)) await staffStep(orderNo, step.action);
    const sellerBefore = (await ledger.balances(t.app.db, seller.id)).available;
    t.clock.advance(3 * 86_400 - 1);
    await t.app.jobs.runDue();
    expect((await detailOf(buyer, orderNo)).body.data?.state).toBe('protection');
    t.clock.advance(1);
    await t.app.jobs.runDue();
    const done = (await detailOf(buyer, orderNo)).body.data;
    expect(done?.state).toBe('completed');
    expect(done?.timeline.at(-1)).toMatchObject({ action: 'auto_release', actor_role: 'system' });
    expect((await ledger.balances(t.app.db, seller.id)).available - sellerBefore).toBe(9_500);
    expect(await goodsStatus(t.app.db, goodsId)).toBe('sold');
  });
});
