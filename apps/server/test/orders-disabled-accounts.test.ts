import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderProcess, type OrderDetail } from '@haoshi/contracts';
import { createAdminService } from '../src/modules/admin/admin-service.ts';
import { userRoles } from '../src/modules/identity/tables.ts';
import { checkLedger, ledger } from '../src/modules/ledger/index.ts';
import {
  CLOSE_FOR_DISABLED_EVERY_SECONDS,
  disabledAccountReasons,
} from '../src/modules/orders/disabled-accounts.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { recharges } from '../src/modules/payments/tables.ts';
import { handedOver, paidOrder, type Party } from './helpers/handover.ts';
import { login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { escrowAgainstOrders, goodsStatus, insertListing, payOrder, placeOrder } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { postMoney } from './helpers/wallet.ts';

let t: TestApp;
let staff: Party;
beforeAll(async () => {
  t = await createListingsApp();
  staff = await party('13870000001');
  await t.app.db.insert(userRoles).values({ userId: staff.id, role: 'customer_service' });
});
afterAll(() => t.close());

async function party(phone: string): Promise<Party> {
  const { token, user } = await login(t.app, phone);
  return { token, id: user.id };
}

async function disable(who: Party) {
  const admin = createAdminService(t.database.db, 'ops-dan', {
    sessions: { revokeAllOf: async () => 0, ended: () => undefined },
  });
  expect(await admin.run(['disable', String(who.id), '盗号交易'])).toContain('未付款的订单关闭');
}

/** Runs the jobs due once the sweep's period has passed (and the cashier closes it leaves). */
async function sweep() {
  t.clock.advance(CLOSE_FOR_DISABLED_EVERY_SECONDS);
  expect((await t.app.jobs.runDue()).failed).toBe(0);
  expect((await t.app.jobs.runDue()).failed).toBe(0);
}

/** An order of 100.00 placed on a new listing of `seller`'s, not paid. */
async function unpaidOrder(buyer: Party, seller: Party) {
  const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 100_00 });
  const placed = await placeOrder(t, buyer.token, { goods_id: goodsId });
  return { orderNo: (placed.body.data as OrderDetail).order_no, goodsId };
}

const orderOf = async (orderNo: string) => {
  const [row] = await t.app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
};
const lastStep = async (orderNo: string) =>
  (await t.app.processes.timeline(t.app.db, orderProcess, (await orderOf(orderNo)).id)).at(-1);

describe(`what a disabled account leaves open (${databaseKind})`, () => {
  it("a disabled buyer's unpaid orders close at the next sweep: listing back on sale, cashier closed", async () => {
    const buyer = await party('13870000011');
    const seller = await party('13870000012');
    await postMoney(t.app.db, { userId: buyer.id, fen: 40_00 });
    const atCashier = await unpaidOrder(buyer, seller);
    const started = await payOrder(t, buyer.token, atCashier.orderNo, 'wechat');
    expect(started.body.data?.cashier_url).toBeTruthy();
    const unpaid = await unpaidOrder(buyer, seller);
    const paid = await paidOrder(t, { buyer, seller });

    await disable(buyer);
    await sweep();

    for (const { orderNo, goodsId } of [unpaid, atCashier]) {
      expect((await orderOf(orderNo)).state).toBe('cancelled');
      expect(await lastStep(orderNo)).toMatchObject({
        action: 'close_for_disabled_account',
        actor_role: 'system',
        reason: disabledAccountReasons.buyer,
      });
      expect(await goodsStatus(t.app.db, goodsId)).toBe('on_sale');
    }
    const cashierPayments = await t.app.db
      .select({ status: recharges.status })
      .from(recharges)
      .where(eq(recharges.userId, buyer.id));
    expect(cashierPayments.map((row) => row.status)).toEqual(['closed']);
    // Paid: the seller may still hand it over (customer service follows up); nothing moved.
    expect((await orderOf(paid.orderNo)).state).toBe('paid');
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBe(40_00);
  });

  it("a disabled seller's unpaid orders close, paid ones not handed over are refunded, listings leave the shelf", async () => {
    const buyer = await party('13870000021');
    const seller = await party('13870000022');
    const unpaid = await unpaidOrder(buyer, seller);
    const paid = await paidOrder(t, { buyer, seller }, { priceFen: 300_00 });
    const delivering = await paidOrder(t, { buyer, seller }, { priceFen: 50_00 });
    await handedOver(t, staff, seller, delivering.orderNo);
    const before = await ledger.balances(t.app.db, buyer.id);

    await disable(seller);
    await sweep();

    expect((await orderOf(unpaid.orderNo)).state).toBe('cancelled');
    expect(await lastStep(unpaid.orderNo)).toMatchObject({
      action: 'close_for_disabled_account',
      reason: disabledAccountReasons.seller,
    });
    const refunded = await orderOf(paid.orderNo);
    expect(refunded).toMatchObject({ state: 'cancelled_refunded', escrowFen: 0 });
    expect(await lastStep(paid.orderNo)).toMatchObject({
      action: 'refund_for_disabled_seller',
      actor_role: 'system',
      reason: disabledAccountReasons.refund,
    });
    expect((await ledger.balances(t.app.db, buyer.id)).available).toBe(before.available + 300_00);
    for (const goodsId of [unpaid.goodsId, paid.goodsId])
      expect(await goodsStatus(t.app.db, goodsId)).toBe('off_shelf');
    // Handed over already: customer service's (a dispute can refund it).
    expect((await orderOf(delivering.orderNo)).state).toBe('verifying');

    const report = await checkLedger(t.app.db);
    expect(report.ok, JSON.stringify(report)).toBe(true);
    const escrow = await escrowAgainstOrders(t.app.db);
    expect(escrow.differingShards).toEqual([]);
  });

  it('closes an order of two disabled parties once, for the seller; a later sweep finds nothing', async () => {
    const buyer = await party('13870000031');
    const seller = await party('13870000032');
    const unpaid = await unpaidOrder(buyer, seller);
    await disable(seller);
    await disable(buyer);
    await sweep();

    const timeline = await t.app.processes.timeline(
      t.app.db,
      orderProcess,
      (await orderOf(unpaid.orderNo)).id,
    );
    expect(timeline.map((entry) => entry.action)).toEqual(['create', 'close_for_disabled_account']);
    expect(timeline.at(-1)?.reason).toBe(disabledAccountReasons.seller);
    await sweep();
    expect(
      (await t.app.processes.timeline(t.app.db, orderProcess, (await orderOf(unpaid.orderNo)).id)).length,
    ).toBe(2);
  });
});
