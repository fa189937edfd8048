import { inArray, sql } from 'drizzle-orm';
import {
  orderHoldingStates,
  orderPaths,
  type OrderDetail,
  type OrderStaffStepRequest,
} from '@haoshi/contracts';
import { checkLedger } from '../../src/modules/ledger/index.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { call, login } from './identity.ts';
import { escrowAgainstOrders, insertListing, orderCall, payOrder, placeOrder } from './orders.ts';
import type { TestApp } from './test-app.ts';
import { postMoney } from './wallet.ts';
import { userRoles } from '../../src/modules/identity/tables.ts';

export interface Party {
  token: string;
  id: number;
}

export async function party(t: TestApp, phone: string, staff = false): Promise<Party> {
  const { token, user } = await login(t.app, phone);
  if (staff) await t.app.db.insert(userRoles).values({ userId: user.id, role: 'customer_service' });
  return { token, id: user.id };
}

/** A seller holding the basic sincerity deposit (100.00), paid from a credited balance. */
export async function depositedSeller(t: TestApp, phone: string): Promise<Party> {
  const seller = await party(t, phone);
  await postMoney(t.app.db, { userId: seller.id, fen: 100_00 });
  const paid = await call(t.app, 'POST', '/app/order/sincerity', {
    token: seller.token,
    body: { level: 'basic' },
  });
  if (paid.body.err_code !== 0) throw new Error(`deposit not paid: ${JSON.stringify(paid.body)}`);
  return seller;
}

const handOver: (OrderStaffStepRequest['action'] | 'sign')[] = [
  'deliver',
  'submit_account',
  'verify_pass',
  'finish_rebinding',
  'sign',
];

/**
 * A paid order of `seller`'s listing bought by `buyer`, taken by `staff` through the first `steps`
 * hand-over steps (1: delivering … 5: protection). The signing is completed through the development
 * route, as if both parties had signed (test/protocols.test.ts signs for real).
 */
export async function paidOrder(
  t: TestApp,
  people: { buyer: Party; seller: Party; staff: Party },
  options: { steps?: number; priceFen?: number; guarantee?: 'basic' } = {},
): Promise<OrderDetail> {
  const goodsId = await insertListing(t.app.db, people.seller.id, { priceFen: options.priceFen ?? 10_000 });
  await postMoney(t.app.db, { userId: people.buyer.id, fen: 50_000 });
  const placed = await placeOrder(t, people.buyer.token, {
    goods_id: goodsId,
    ...(options.guarantee ? { guarantee: options.guarantee } : {}),
  });
  const order = placed.body.data;
  if (!order) throw new Error(`not placed: ${JSON.stringify(placed.body)}`);
  const paid = await payOrder(t, people.buyer.token, order.order_no);
  if (paid.body.err_code !== 0) throw new Error(`not paid: ${JSON.stringify(paid.body)}`);
  let detail = paid.body.data?.order ?? order;
  for (const action of handOver.slice(0, options.steps ?? 1)) {
    // Rebinding finishes once its checklist (the password at least) is confirmed; staff may.
    if (action === 'finish_rebinding')
      await orderCall(t, people.staff.token, '/app/order/rebinding/confirm', {
        order_no: order.order_no,
        step: 'password',
      });
    const stepped =
      action === 'sign'
        ? await orderCall(t, people.staff.token, orderPaths.devCompleteSigning, { order_no: order.order_no })
        : await orderCall(t, people.staff.token, '/app/order/staff/step', {
            order_no: order.order_no,
            action,
          });
    if (!stepped.body.data) throw new Error(`step ${action}: ${JSON.stringify(stepped.body)}`);
    detail = stepped.body.data;
  }
  return detail;
}

/** The ledger balances, and escrow holds exactly what the open orders hold, shard by shard. */
export async function expectMoneyConsistent(t: TestApp): Promise<{ escrow: number; openOrders: number }> {
  const report = await checkLedger(t.app.db);
  if (!report.ok) throw new Error(`ledger check failed: ${JSON.stringify(report)}`);
  const { escrow, differingShards } = await escrowAgainstOrders(t.app.db);
  if (differingShards.length > 0)
    throw new Error(`escrow shards differ from their orders: ${JSON.stringify(differingShards)}`);
  const [held] = await t.app.db
    .select({ value: sql<string>`coalesce(sum(${orders.escrowFen}), 0)` })
    .from(orders)
    .where(inArray(orders.state, [...orderHoldingStates]));
  return { escrow, openOrders: Number(held?.value ?? 0) };
}
