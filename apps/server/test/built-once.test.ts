import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { lockOrder, updateOrderFrom } from '../src/modules/orders/order-statements.ts';
import { orders } from '../src/modules/orders/tables.ts';
import { login } from './helpers/identity.ts';
import { createListingsApp } from './helpers/listings.ts';
import { insertListing, placeOrder } from './helpers/orders.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

/** Statements built once (lib/sql-rows.ts `builtOnce`, `tableRows`), as the order flow runs them. */
describe(`statements built once on ${databaseKind}`, () => {
  let t: TestApp;
  let orderNo = '';
  beforeAll(async () => {
    t = await createListingsApp();
    const buyer = await login(t.app, '13800000051');
    const seller = await login(t.app, '13800000052');
    const goodsId = await insertListing(t.app.db, seller.user.id, { guarantees: ['basic'] });
    const placed = await placeOrder(t, buyer.token, { goods_id: goodsId, guarantee: 'basic' });
    orderNo = placed.body.data?.order_no ?? '';
    expect(orderNo).not.toBe('');
  });
  afterAll(() => t.close());

  const readByDrizzle = async () => {
    const [row] = await t.app.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw new Error('order not found');
    return row;
  };

  it('maps a row as drizzle does (timestamps, JSON, numbers, nulls)', async () => {
    const expected = await readByDrizzle();
    const locked = await t.app.db.transaction((tx) => lockOrder(tx, { orderNo }));
    expect(locked).toEqual(expected);
    const byId = await t.app.db.transaction((tx) => lockOrder(tx, { id: expected.id }));
    expect(byId).toEqual(expected);
    expect(locked?.payBy).toBeInstanceOf(Date);
    expect(locked?.goodsCard).toEqual(expected.goodsCard);
    expect(await t.app.db.transaction((tx) => lockOrder(tx, { orderNo: 'no-such-order' }))).toBeUndefined();
  });

  it("writes only the columns given a value, only from the order's state, in the caller's transaction", async () => {
    const before = await readByDrizzle();
    const at = new Date(before.updatedAt.getTime() + 1000);

    const written = await t.app.db.transaction((tx) =>
      updateOrderFrom(tx, before, { updatedAt: at, payBy: undefined }),
    );
    expect(written?.updatedAt).toEqual(at);
    expect(written?.payBy).toEqual(before.payBy);

    const fromElsewhere = await t.app.db.transaction((tx) =>
      updateOrderFrom(tx, { id: before.id, state: 'paid' }, { updatedAt: new Date(0) }),
    );
    expect(fromElsewhere).toBeUndefined();

    await expect(
      t.app.db.transaction(async (tx) => {
        await updateOrderFrom(tx, before, { guaranteeFeeFen: 1 });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await readByDrizzle();
    expect(after.guaranteeFeeFen).toBe(before.guaranteeFeeFen);
    expect(after.updatedAt).toEqual(at);
  });
});
