import type * as NodeCrypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createListingsApp } from './helpers/listings.ts';
import { goodsStatus, insertListing, insertUsers } from './helpers/orders.ts';
import type { TestApp } from './helpers/test-app.ts';

/** The random part of the order numbers drawn next (other draws of randomInt are left alone). */
const draws = vi.hoisted(() => [] as number[]);
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return {
    ...crypto,
    randomInt: (...args: Parameters<typeof crypto.randomInt>) =>
      args[0] === 1_000_000 && draws.length > 0 ? draws.shift() : crypto.randomInt(...args),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createListingsApp();
});
afterAll(() => t.close());

describe('order numbers', () => {
  it('two orders placed in the same second that draw the same number: the second draws again', async () => {
    const [seller = 0, first = 0, second = 0] = await insertUsers(t.app.db, 3, '3950');
    const one = await insertListing(t.app.db, seller);
    const other = await insertListing(t.app.db, seller);
    draws.push(424_242, 424_242, 424_243);
    const placed = await t.app.orders.place(first, { goods_id: one });
    const again = await t.app.orders.place(second, { goods_id: other });
    expect(placed.order.orderNo.endsWith('424242')).toBe(true);
    expect(again.order.orderNo.endsWith('424243')).toBe(true);
    expect(again.order.orderNo.slice(0, -6)).toBe(placed.order.orderNo.slice(0, -6));
    expect(await goodsStatus(t.app.db, other)).toBe('locked');
    expect(draws).toEqual([]);
  });
});
