import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ErrorCodes, type ResellDraft, type ResellList } from '@haoshi/contracts';
import { goods } from '../src/modules/goods/tables.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { uploadTickets } from '../src/modules/storage/tables.ts';
import { paidOrder, party, type Party } from './helpers/aftersales.ts';
import { call } from './helpers/identity.ts';
import { createListingsApp, uploadScreenshots } from './helpers/listings.ts';
import { orderCall } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let buyer: Party;
let seller: Party;
let staff: Party;

beforeAll(async () => {
  t = await createListingsApp();
  buyer = await party(t, '13822000001');
  seller = await party(t, '13822000002');
  staff = await party(t, '13822000003', true);
});
afterAll(() => t.close());

const draftOf = (who: Party, orderNo: string) =>
  call<ResellDraft>(t.app, 'POST', '/app/recovery/resell/draft', {
    token: who.token,
    body: { order_no: orderNo },
  });

describe(`转卖 draft (${databaseKind})`, () => {
  it('answers the bought listing as a draft whose screenshots are copies owned by the buyer', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    // The listing as the seller described it (the helper's listing has no pictures).
    const shots = await uploadScreenshots(t, seller.token, 2);
    const [row] = await t.app.db.select().from(orders).where(eq(orders.orderNo, order.order_no));
    if (!row) throw new Error('no order');
    await t.app.db
      .update(goods)
      .set({ screenshots: shots, attrs: { vip: 8 }, bindings: { phone: 'bound' }, description: '原描述' })
      .where(eq(goods.id, row.goodsId));

    // Not kept yet: still in protection.
    expect((await draftOf(buyer, order.order_no)).body.err_code).toBe(ErrorCodes.RESELL_NOT_KEPT);
    await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });

    const list = await call<ResellList>(t.app, 'GET', '/app/recovery/resell/list', { token: buyer.token });
    expect(list.body.data?.list[0]?.publish_path).toBe(`/publishGoods?resell=${order.order_no}`);

    const answer = await draftOf(buyer, order.order_no);
    expect(answer.body.err_code).toBe(0);
    const draft = answer.body.data;
    const [listing] = await t.app.db.select().from(goods).where(eq(goods.id, row.goodsId));
    expect(draft).toMatchObject({
      order_no: order.order_no,
      game_id: listing?.gameId,
      platform: listing?.platform,
      partition_id: listing?.partitionId,
      title: listing?.title,
      description: '原描述',
      attrs: { vip: 8 },
      bindings: { phone: 'bound' },
    });
    // Nothing private of the old seller's, and no price.
    expect(Object.keys(draft ?? {})).not.toContain('price');
    expect(Object.keys(draft ?? {})).not.toContain('account_hint');
    const keys = draft?.screenshots.map((shot) => shot.key) ?? [];
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(shots).not.toContain(key);
    const copies = await t.app.db.select().from(uploadTickets).where(inArray(uploadTickets.key, keys));
    expect(copies.map((copy) => [copy.userId, copy.purpose, copy.usedAt !== null])).toEqual([
      [buyer.id, 'goods_screenshot', true],
      [buyer.id, 'goods_screenshot', true],
    ]);
    const picture = await t.app.inject({ method: 'GET', url: `/uploads/${keys[0] ?? ''}` });
    expect(picture.statusCode).toBe(200);
  });

  it('is the buyer’s alone', async () => {
    const order = await paidOrder(t, { buyer, seller, staff }, { steps: 5 });
    await orderCall(t, buyer.token, '/app/order/confirm', { order_no: order.order_no });
    expect((await draftOf(seller, order.order_no)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await draftOf(staff, order.order_no)).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
    expect((await draftOf(buyer, 'O2026112100000000000')).body.err_code).toBe(ErrorCodes.ORDER_NOT_FOUND);
  });
});
