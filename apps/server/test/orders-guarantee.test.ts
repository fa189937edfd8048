import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCodes, errorMessages, type GoodsStatus, type OrderGuarantee } from '@haoshi/contracts';
import { goods } from '../src/modules/goods/tables.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { insertListing, placeOrder } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let seller: { token: string; id: number };
let stranger: { token: string; id: number };

beforeAll(async () => {
  t = await createListingsApp();
  const logged = async (phone: string) => {
    const { token, user } = await login(t.app, phone);
    return { token, id: user.id };
  };
  seller = await logged('13800007101');
  stranger = await logged('13800007102');
});
afterAll(() => t.close());

const TITLE = '王者荣耀 V10 全皮肤';

async function listing(status: GoodsStatus): Promise<number> {
  const goodsId = await insertListing(t.app.db, seller.id, { priceFen: 123_400 });
  await t.app.db.update(goods).set({ status, title: TITLE }).where(eq(goods.id, goodsId));
  return goodsId;
}

const guarantee = (token: string, goodsId: number) =>
  call<OrderGuarantee>(t.app, 'GET', `/app/order/guarantee?goods_id=${goodsId}`, { token });

describe(`the price of a listing before ordering (${databaseKind})`, () => {
  it.each(['draft', 'pending_review', 'off_shelf'] as const)(
    '%s: to anyone but its seller the listing is the same as none',
    async (status) => {
      const goodsId = await listing(status);
      const [last] = await t.app.db.select({ id: sql<number>`max(${goods.id})` }).from(goods);
      const missing = await guarantee(stranger.token, Number(last?.id) + 1);
      expect(missing.body).toEqual({
        err_code: ErrorCodes.GOODS_NOT_FOUND,
        message: errorMessages[ErrorCodes.GOODS_NOT_FOUND],
      });

      const hidden = await guarantee(stranger.token, goodsId);
      expect(hidden.body).toEqual(missing.body);
      expect(JSON.stringify(hidden.body)).not.toContain(TITLE);

      const own = await guarantee(seller.token, goodsId);
      expect(own.body.data).toMatchObject({
        goods: { title: TITLE },
        can_order: false,
        reason: errorMessages[ErrorCodes.ORDER_OWN_GOODS],
      });
    },
  );

  it.each(['on_sale', 'locked', 'sold'] as const)('%s: the listing is priced for anyone', async (status) => {
    const goodsId = await listing(status);
    const { body } = await guarantee(stranger.token, goodsId);
    expect(body.data).toMatchObject({
      goods: { title: TITLE },
      can_order: status === 'on_sale',
      quote: { price: '1234.00' },
    });
  });

  it.each(['draft', 'pending_review', 'off_shelf'] as const)(
    '%s: placing an order on it is answered as for a missing listing',
    async (status) => {
      const goodsId = await listing(status);
      const placed = await placeOrder(t, stranger.token, { goods_id: goodsId });
      expect(placed.body.err_code).toBe(ErrorCodes.GOODS_NOT_FOUND);
    },
  );
});
