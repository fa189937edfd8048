import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AttributeValues, OrderDetail, OrderHandover } from '@haoshi/contracts';
import { goods } from '../../src/modules/goods/tables.ts';
import { call } from './identity.ts';
import { insertListing, orderCall, payOrder, placeOrder } from './orders.ts';
import type { TestApp } from './test-app.ts';
import { postMoney } from './wallet.ts';

export interface Party {
  token: string;
  id: number;
}

/** A listing with these bindings, ordered and paid by `buyer`; answers the order no and goods id. */
export async function paidOrder(
  t: TestApp,
  parties: { buyer: Party; seller: Party },
  options: { bindings?: AttributeValues; priceFen?: number } = {},
) {
  const goodsId = await insertListing(t.app.db, parties.seller.id, { priceFen: options.priceFen ?? 10_000 });
  if (options.bindings)
    await t.app.db.update(goods).set({ bindings: options.bindings }).where(eq(goods.id, goodsId));
  await postMoney(t.app.db, { userId: parties.buyer.id, fen: options.priceFen ?? 10_000 });
  const placed = await placeOrder(t, parties.buyer.token, { goods_id: goodsId });
  const orderNo = (placed.body.data as OrderDetail).order_no;
  const paid = await payOrder(t, parties.buyer.token, orderNo);
  if (paid.body.err_code !== 0) throw new Error(`pay failed: ${JSON.stringify(paid.body)}`);
  return { orderNo, goodsId };
}

/** Staff start the hand-over (`deliver`), the seller submits the login details. */
export async function handedOver(t: TestApp, staff: Party, seller: Party, orderNo: string) {
  const delivered = await orderCall(t, staff.token, '/app/order/staff/step', {
    order_no: orderNo,
    action: 'deliver',
  });
  if (delivered.body.err_code !== 0) throw new Error(`deliver failed: ${JSON.stringify(delivered.body)}`);
  const submitted = await orderCall<OrderHandover>(t, seller.token, '/app/order/confirm/account', {
    order_no: orderNo,
    account: 'player_8812345',
    password: 'S3cret-pass!',
    security: '母亲的名字：王芳',
  });
  if (submitted.body.err_code !== 0) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
  return submitted.body.data as OrderHandover;
}

export const handover = (t: TestApp, token: string, orderNo: string) =>
  call<OrderHandover>(t.app, 'GET', `/app/order/handover?order_no=${orderNo}`, { token });

/** A money-moving hand-over call, with its Idempotency-Key. */
export const moneyCall = (t: TestApp, token: string, path: string, body: Record<string, unknown>) =>
  call<OrderHandover>(t.app, 'POST', path, { token, body, headers: { 'idempotency-key': randomUUID() } });
