import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import type { OrderDetail } from '@haoshi/contracts';
import { notifications } from '../src/modules/notifications/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;
beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13850000001');
  seller = await party(t, '13850000002');
  staff = await party(t, '13850000003', true);
});
afterAll(() => t.close());

const HOUR = 3600;
const keyed = <T = OrderDetail>(who: Party, path: string, body: Record<string, unknown>) =>
  call<T>(t.app, 'POST', path, { token: who.token, body, headers: { 'idempotency-key': randomUUID() } });
/** Read from the table: the test moves the clock past the sessions' rotation. */
const rowOf = async (orderNo: string) =>
  (
    await t.app.db
      .select({ state: orders.state, releaseAt: orders.releaseAt })
      .from(orders)
      .where(eq(orders.orderNo, orderNo))
  )[0];

describe(`liquidated damages: a stay enters nothing again (${databaseKind})`, () => {
  it('keeps the protection deadline shown, and the escrow is released at that time', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    expect(order.state).toBe('protection');
    const deadline = (await rowOf(order.order_no))?.releaseAt?.getTime() ?? 0;
    expect(deadline).toBeGreaterThan(0);

    t.clock.advance(48 * HOUR);
    const damages = await keyed(staff, '/app/order/orderLiquidatedDamages', {
      order_no: order.order_no,
      party: 'buyer',
      amount: '1.00',
      reason: '买家恶意拖延确认',
    });
    expect(damages.body.err_code).toBe(0);
    expect((await rowOf(order.order_no))?.releaseAt?.getTime()).toBe(deadline);

    t.clock.advance((deadline - t.clock.now().getTime()) / 1000 - 60);
    await t.app.jobs.runDue();
    expect((await rowOf(order.order_no))?.state).toBe('protection');
    t.clock.advance(120);
    await t.app.jobs.runDue();
    expect((await rowOf(order.order_no))?.state).toBe('completed');
  });

  it('does not tell the seller about the dispute a second time', async () => {
    buyer = await party(t, '13850000011');
    seller = await party(t, '13850000012');
    staff = await party(t, '13850000013', true);
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 1 });
    const opened = await keyed(buyer, '/app/order/refund/apply', {
      order_no: order.order_no,
      reason: 'cannot_login',
      description: '账号登录提示密码错误',
    });
    expect(opened.body.err_code).toBe(0);
    const disputeNotices = () =>
      t.app.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, seller.id),
            eq(notifications.title, '买家申请了售后'),
            like(notifications.body, `%${order.order_no}%`),
          ),
        );
    expect(await disputeNotices()).toHaveLength(1);
    const damages = await keyed(staff, '/app/order/orderLiquidatedDamages', {
      order_no: order.order_no,
      party: 'buyer',
      amount: '1.00',
      reason: '买家恶意发起售后',
    });
    expect(damages.body.err_code).toBe(0);
    expect(await disputeNotices()).toHaveLength(1);
  });
});
