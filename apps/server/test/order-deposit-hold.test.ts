import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCodes, type OrderDetail } from '@haoshi/contracts';
import { ledger } from '../src/modules/ledger/index.ts';
import { sincerityHolds, sincerityPenalties } from '../src/modules/sincerity/tables.ts';
import { depositedSeller, paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { insertListing, orderCall, placeOrder } from './helpers/orders.ts';
import { createListingsApp } from './helpers/listings.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

let t: TestApp;
let staff: Party;
beforeAll(async () => {
  t = await createListingsApp();
  staff = await party(t, '13840000001', true);
});
afterAll(() => t.close());

const keyed = <T = OrderDetail>(who: Party, path: string, body: Record<string, unknown>) =>
  call<T>(t.app, 'POST', path, { token: who.token, body, headers: { 'idempotency-key': randomUUID() } });

const holdsOf = (sellerId: number) =>
  t.app.db
    .select({ referenceId: sincerityHolds.referenceId, status: sincerityHolds.status })
    .from(sincerityHolds)
    .where(eq(sincerityHolds.userId, sellerId))
    .orderBy(sincerityHolds.id);

const closeDeposit = (seller: Party) => keyed(seller, '/app/sincerity/close', { kind: 'seller' });

describe(`the seller's deposit backs their paid orders (${databaseKind})`, () => {
  it('cannot be closed mid-order, so a mismatch still costs the seller the penalty', async () => {
    const seller = await depositedSeller(t, '13840000011');
    const buyer = await party(t, '13840000012');
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 2 });
    expect(order.state).toBe('verifying');
    expect(await holdsOf(seller.id)).toEqual([{ referenceId: order.order_no, status: 'open' }]);

    const refused = await closeDeposit(seller);
    expect(refused.body.err_code).toBe(ErrorCodes.SINCERITY_HOLD_OPEN);
    expect(refused.body.message).toContain('1笔进行中的订单');

    const verdict = await keyed(buyer, '/app/order/verify', {
      order_no: order.order_no,
      verdict: 'mismatch',
      reason: '账号等级与描述不符',
    });
    expect(verdict.body.err_code).toBe(0);
    const penalties = await t.app.db
      .select({ amount: sincerityPenalties.amount })
      .from(sincerityPenalties)
      .where(eq(sincerityPenalties.userId, seller.id));
    expect(penalties).toHaveLength(1);
    expect(penalties[0]?.amount).toBeGreaterThan(0);
    // The order ended (refunded): the deposit no longer backs it.
    expect(await holdsOf(seller.id)).toEqual([{ referenceId: order.order_no, status: 'released' }]);
  });

  it('is free again once the order completes', async () => {
    const seller = await depositedSeller(t, '13840000021');
    const buyer = await party(t, '13840000022');
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    expect(order.state).toBe('protection');
    expect((await closeDeposit(seller)).body.err_code).toBe(ErrorCodes.SINCERITY_HOLD_OPEN);
    const confirmed = await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
    expect(confirmed.body.data?.state).toBe('completed');
    expect(await holdsOf(seller.id)).toEqual([{ referenceId: order.order_no, status: 'released' }]);
    const before = (await ledger.balances(t.app.db, seller.id)).available;
    const closed = await closeDeposit(seller);
    expect(closed.body.err_code).toBe(0);
    expect((await ledger.balances(t.app.db, seller.id)).available).toBe(before + 100_00);
  });

  it('a seller without a deposit sells without a hold', async () => {
    const seller = await party(t, '13840000031');
    const buyer = await party(t, '13840000032');
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 1 });
    expect(order.state).toBe('delivering');
    expect(await holdsOf(seller.id)).toEqual([]);
  });

  it('wallet pays written together hold the deposit for each of their orders', async () => {
    const seller = await depositedSeller(t, '13840000041');
    const buyers = await Promise.all(
      ['13840000042', '13840000043', '13840000044'].map((phone) => party(t, phone)),
    );
    const orderNos: string[] = [];
    for (const buyer of buyers) {
      await postMoney(t.app.db, { userId: buyer.id, fen: 500_00 });
      const goodsId = await insertListing(t.app.db, seller.id);
      const placed = await placeOrder(t, buyer.token, { goods_id: goodsId });
      orderNos.push(placed.body.data?.order_no ?? '');
    }
    // Asked in one turn: the pays are written by one batch.
    const paid = await Promise.all(
      buyers.map((buyer, index) => t.app.orders.pay(buyer.id, orderNos[index] ?? '', 'wallet')),
    );
    expect(paid.map(({ order }) => order.state)).toEqual(['paid', 'paid', 'paid']);
    expect(await holdsOf(seller.id)).toEqual(
      orderNos.map((orderNo) => ({ referenceId: orderNo, status: 'open' })),
    );
    expect((await closeDeposit(seller)).body.message).toContain('3笔进行中的订单');
  });
});
