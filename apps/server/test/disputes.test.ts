import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { ErrorCodes, type DisputeDetail, type DisputeList } from '@haoshi/contracts';
import { ledger } from '../src/modules/ledger/index.ts';
import { ledgerTransfers } from '../src/modules/ledger/tables.ts';
import { disputes } from '../src/modules/orders/tables.ts';
import { expectMoneyConsistent, paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp, pngBytes, put } from './helpers/listings.ts';
import { goodsStatus } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import type { UploadTicket } from '@haoshi/contracts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
let stranger: Party;
/** Customer service who also sells. */
let staffSeller: Party;

beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13810000001');
  seller = await party(t, '13810000002');
  staff = await party(t, '13810000003', true);
  stranger = await party(t, '13810000004');
  staffSeller = await party(t, '13810000005', true);
});
afterAll(() => t.close());

const post = <T = DisputeDetail>(token: string, path: string, body: Record<string, unknown>) =>
  call<T>(t.app, 'POST', path, { token, body });
const open = (who: Party, orderNo: string, extra: Record<string, unknown> = {}) =>
  post(who.token, '/app/order/refund/apply', {
    order_no: orderNo,
    reason: 'cannot_login',
    description: '账号登录提示密码错误',
    ...extra,
  });
const resolve = (who: Party, orderNo: string, body: Record<string, unknown>) =>
  post(who.token, '/app/order/refund/resolve', { order_no: orderNo, reason: '核实后处理', ...body });

async function evidence(who: Party, purpose: 'dispute' | 'avatar' = 'dispute'): Promise<string> {
  const bytes = await pngBytes();
  const { body } = await call<{ tickets: UploadTicket[] }>(t.app, 'POST', '/app/upload/ticket', {
    token: who.token,
    body: { purpose, files: [{ content_type: 'image/png', size: bytes.length }] },
  });
  const ticket = body.data?.tickets[0];
  if (!ticket) throw new Error(`no ticket: ${JSON.stringify(body)}`);
  expect((await put(t, ticket, bytes)).body.err_code).toBe(0);
  return ticket.key;
}

describe(`opening a dispute (${databaseKind})`, () => {
  it('is for the parties from delivering to protection, with evidence of their own', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 0 });
    // paid: not yet in hand-over
    expect((await open(buyer, order.order_no)).body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
    const delivering = await paidOrder(t, { buyer, seller, staff }, { steps: 1 });
    expect((await open(stranger, delivering.order_no)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await open(staff, delivering.order_no)).body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
    const foreign = await evidence(stranger);
    const wrongPurpose = await evidence(buyer, 'avatar');
    for (const key of [foreign, wrongPurpose, 'uploads/none.png'])
      expect((await open(buyer, delivering.order_no, { images: [key] })).body.err_code).toBe(
        ErrorCodes.DISPUTE_EVIDENCE_INVALID,
      );
    expect(
      (await open(buyer, delivering.order_no, { description: '加我微信 abc12345 详聊' })).body.err_code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
    const [before] = await t.app.db.select({ value: count() }).from(disputes);
    expect(before?.value).toBe(0);

    const key = await evidence(buyer);
    const opened = await open(buyer, delivering.order_no, { images: [key] });
    expect(opened.body.err_code).toBe(0);
    expect(opened.body.data).toMatchObject({
      order_state: 'disputed',
      state: 'open',
      opened_by: 'buyer',
      viewer_role: 'buyer',
      reason_label: '账号无法登录',
      escrow: '100.00',
    });
    expect(opened.body.data?.images).toHaveLength(1);
    expect(opened.body.data?.timeline.at(-1)).toMatchObject({ to: 'disputed', actor_role: 'buyer' });
    // one dispute per order: the seller cannot open a second
    expect((await open(seller, delivering.order_no)).body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
  });

  it('the seller may open one during protection; staff and both parties write in the thread', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    expect(order.state).toBe('protection');
    expect((await open(seller, order.order_no, { reason: 'rebind_refused' })).body.err_code).toBe(0);
    // the protection timer armed before the dispute no longer releases the escrow
    t.clock.advance(8 * 24 * 3600);
    await t.app.jobs.runDue();
    for (const who of [buyer, seller, staff])
      expect(
        (
          await post(who.token, '/app/order/refund/message', {
            order_no: order.order_no,
            content: '补充说明',
          })
        ).body.err_code,
      ).toBe(0);
    expect(
      (await post(stranger.token, '/app/order/refund/message', { order_no: order.order_no, content: '看看' }))
        .body.err_code,
    ).toBe(ErrorCodes.ORDER_NOT_FOUND);
    const detail = await call<DisputeDetail>(
      t.app,
      'GET',
      `/app/order/refund/detail?order_no=${order.order_no}`,
      {
        token: buyer.token,
      },
    );
    expect(detail.body.data).toMatchObject({ order_state: 'disputed', escrow: '100.00' });
    expect(detail.body.data?.messages.map((message) => [message.author_role, message.mine])).toEqual([
      ['buyer', true],
      ['seller', false],
      ['customer_service', false],
    ]);
    expect(
      (
        await call(t.app, 'GET', `/app/order/refund/detail?order_no=${order.order_no}`, {
          token: stranger.token,
        })
      ).body.err_code,
    ).toBe(ErrorCodes.ORDER_NOT_FOUND);
  });
});

describe(`resolving a dispute (${databaseKind})`, () => {
  it('only customer service resolves, never on their own order', async () => {
    const order = await paidOrder(t, { buyer, seller: staffSeller, staff }, { steps: 2 });
    expect((await open(buyer, order.order_no)).body.err_code).toBe(0);
    for (const who of [buyer, seller, stranger])
      expect((await resolve(who, order.order_no, { outcome: 'refund' })).body.err_code).toBe(
        ErrorCodes.FORBIDDEN,
      );
    expect((await resolve(staffSeller, order.order_no, { outcome: 'refund' })).body.err_code).toBe(
      ErrorCodes.ORDER_STAFF_OWN_ORDER,
    );
    const list = await call<DisputeList>(t.app, 'GET', `/app/order/refund/staff/list?q=${order.order_no}`, {
      token: staffSeller.token,
    });
    expect(list.body.data?.list).toEqual([
      expect.objectContaining({ order_no: order.order_no, can_resolve: false }),
    ]);
    expect(
      (await call(t.app, 'GET', '/app/order/refund/staff/list', { token: buyer.token })).body.err_code,
    ).toBe(ErrorCodes.FORBIDDEN);
    const undisputed = await paidOrder(t, { buyer, seller, staff }, { steps: 1 });
    expect((await resolve(staff, undisputed.order_no, { outcome: 'refund' })).body.err_code).toBe(
      ErrorCodes.DISPUTE_NOT_FOUND,
    );
  });

  it('refund: escrow back to the buyer, the listing on sale again', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 3 });
    expect((await open(buyer, order.order_no)).body.err_code).toBe(0);
    const before = await ledger.balances(t.app.db, buyer.id);
    const done = await resolve(staff, order.order_no, { outcome: 'refund' });
    expect(done.body.data).toMatchObject({
      order_state: 'refunded',
      state: 'resolved',
      escrow: '0.00',
      settlement: { outcome: 'refund', buyer_amount: '100.00', seller_amount: '0.00', reason: '核实后处理' },
    });
    expect((await ledger.balances(t.app.db, buyer.id)).available - before.available).toBe(10_000);
    expect(await goodsStatus(t.app.db, order.goods.id)).toBe('on_sale');
    expect((await resolve(staff, order.order_no, { outcome: 'release' })).body.err_code).toBe(
      ErrorCodes.ORDER_STATE_INVALID,
    );
    // A late split by another member of staff is told the dispute is over, not that its amounts are.
    const lateSplit = await resolve(staff, order.order_no, {
      outcome: 'split',
      buyer_amount: '50.00',
      seller_amount: '50.00',
    });
    expect(lateSplit.body.err_code).toBe(ErrorCodes.ORDER_STATE_INVALID);
    const money = await expectMoneyConsistent(t);
    expect(money.escrow).toBe(money.openOrders);
  });

  it('release: the seller gets the price minus the fee, the 包赔 fee to the pool, the listing sold', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 4, guarantee: 'basic' });
    expect((await open(seller, order.order_no)).body.err_code).toBe(0);
    const sellerBefore = (await ledger.balances(t.app.db, seller.id)).available;
    const feeBefore = await ledger.accountBalance(t.app.db, { kind: 'platform_fee' });
    const poolBefore = await ledger.accountBalance(t.app.db, { kind: 'compensation_pool' });
    const done = await resolve(staff, order.order_no, { outcome: 'release' });
    expect(done.body.data).toMatchObject({
      order_state: 'released',
      settlement: { outcome: 'release', seller_amount: '103.00', fee_amount: '8.00' },
    });
    expect((await ledger.balances(t.app.db, seller.id)).available - sellerBefore).toBe(9_500);
    expect((await ledger.accountBalance(t.app.db, { kind: 'platform_fee' })) - feeBefore).toBe(500);
    expect((await ledger.accountBalance(t.app.db, { kind: 'compensation_pool' })) - poolBefore).toBe(300);
    expect(await goodsStatus(t.app.db, order.goods.id)).toBe('sold');
    const money = await expectMoneyConsistent(t);
    expect(money.escrow).toBe(money.openOrders);
  });

  it('split: invalid amounts are refused with nothing written; a valid split divides escrow with the fee pro rata', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    expect((await open(buyer, order.order_no)).body.err_code).toBe(0);
    const [transfersBefore] = await t.app.db.select({ value: count() }).from(ledgerTransfers);
    const invalid = [
      { buyer_amount: '60.00', seller_amount: '30.00' }, // sums to 90 of 100
      { buyer_amount: '100.00', seller_amount: '0.01' }, // more than escrow
      { buyer_amount: '0', seller_amount: '100.00' },
      { buyer_amount: '60.00' },
    ];
    for (const amounts of invalid) {
      const refused = await resolve(staff, order.order_no, { outcome: 'split', ...amounts });
      expect([ErrorCodes.DISPUTE_SPLIT_INVALID, ErrorCodes.VALIDATION_FAILED]).toContain(
        refused.body.err_code,
      );
    }
    expect(
      (
        await resolve(staff, order.order_no, {
          outcome: 'refund',
          buyer_amount: '1.00',
          seller_amount: '99.00',
        })
      ).body.err_code,
    ).toBe(ErrorCodes.VALIDATION_FAILED);
    const [transfersAfter] = await t.app.db.select({ value: count() }).from(ledgerTransfers);
    expect(transfersAfter?.value).toBe(transfersBefore?.value);
    const still = await call<DisputeDetail>(
      t.app,
      'GET',
      `/app/order/refund/detail?order_no=${order.order_no}`,
      {
        token: staff.token,
      },
    );
    expect(still.body.data).toMatchObject({ order_state: 'disputed', state: 'open', settlement: null });

    const buyerBefore = (await ledger.balances(t.app.db, buyer.id)).available;
    const sellerBefore = (await ledger.balances(t.app.db, seller.id)).available;
    const done = await resolve(staff, order.order_no, {
      outcome: 'split',
      buyer_amount: '40.00',
      seller_amount: '60.00',
    });
    expect(done.body.err_code).toBe(0);
    // fee 5.00 on the whole escrow of 100.00 → 3.00 on the seller's 60.00
    expect(done.body.data).toMatchObject({
      order_state: 'split',
      escrow: '0.00',
      settlement: { outcome: 'split', buyer_amount: '40.00', seller_amount: '60.00', fee_amount: '3.00' },
    });
    expect((await ledger.balances(t.app.db, buyer.id)).available - buyerBefore).toBe(4_000);
    expect((await ledger.balances(t.app.db, seller.id)).available - sellerBefore).toBe(5_700);
    expect(await goodsStatus(t.app.db, order.goods.id)).toBe('sold');
    const money = await expectMoneyConsistent(t);
    expect(money.escrow).toBe(money.openOrders);
  });

  it('the staff queue lists open disputes and finds them by order no', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 1 });
    expect((await open(buyer, order.order_no)).body.err_code).toBe(0);
    const open_ = await call<DisputeList>(t.app, 'GET', '/app/order/refund/staff/list', {
      token: staff.token,
    });
    expect(open_.body.data?.list.map((item) => item.order_no)).toContain(order.order_no);
    expect(open_.body.data?.list.every((item) => item.state === 'open')).toBe(true);
    const found = await call<DisputeList>(
      t.app,
      'GET',
      `/app/order/refund/staff/list?q=${order.order_no.slice(0, -2)}`,
      { token: staff.token },
    );
    expect(found.body.data?.list.map((item) => item.order_no)).toContain(order.order_no);
    const resolved = await call<DisputeList>(t.app, 'GET', '/app/order/refund/staff/list?state=resolved', {
      token: staff.token,
    });
    expect(resolved.body.data?.list.length).toBeGreaterThanOrEqual(3);
    expect(resolved.body.data?.list.every((item) => item.state === 'resolved' && !item.can_resolve)).toBe(
      true,
    );
  });
});
