import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GoodsData, PublishRequest } from '@haoshi/contracts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import {
  createListingsApp,
  gameNamed,
  listOnSale,
  publish,
  publishBody,
  uploadScreenshots,
} from './helpers/listings.ts';

let t: TestApp;
let seller = '';
let staff = '';
let base: PublishRequest;
let goodsId = 0;

beforeAll(async () => {
  t = await createListingsApp();
  const wz = await gameNamed(t, '王者荣耀');
  seller = (await login(t.app, '13944440001')).token;
  const reviewer = await login(t.app, '13944440009');
  await t.database.db.execute(
    sql`insert into user_roles (user_id, role) values (${reviewer.user.id}, 'customer_service')`,
  );
  staff = reviewer.token;
  const shots = await uploadScreenshots(t, seller, 3);
  const minimal = publishBody(wz, { screenshots: shots });
  base = { ...minimal, attrs: { ...minimal.attrs, skins: 100 } };
  goodsId = (await listOnSale(t, seller, base)).id;
});
afterAll(() => t.close());

async function verify() {
  const { body } = await call<GoodsData>(t.app, 'POST', '/app/goods/verify/screenshots', {
    token: staff,
    body: { goods_id: goodsId, verified: true },
  });
  expect(body.data?.tags).toContain('official_shots');
}

/** Sellers edit a listing off the shelf, then put it back on sale. */
async function edit(changes: Partial<PublishRequest>) {
  const off = await call(t.app, 'POST', '/app/user/goods/shelf', {
    token: seller,
    body: { goods_id: goodsId, action: 'off' },
  });
  expect(off.body.err_code).toBe(0);
  const { body } = await publish(t, seller, { ...base, ...changes, goods_id: goodsId });
  expect(body.err_code, JSON.stringify(body)).toBe(0);
  const on = await call<GoodsData>(t.app, 'POST', '/app/user/goods/shelf', {
    token: seller,
    body: { goods_id: goodsId, action: 'on' },
  });
  expect(on.body.data?.status, JSON.stringify(on.body)).toBe('on_sale');
  return on.body.data as GoodsData;
}

const isVerified = (data: GoodsData) => data.verified_at !== null && data.tags.includes('official_shots');

describe(`the 官方截图 verification covers what it vouched for on ${databaseKind} (issue 9 E.4)`, () => {
  it('survives edits of the seller’s own promises and a reordering of the same screenshots', async () => {
    await verify();
    const shots = base.screenshots ?? [];
    const edited = await edit({ guarantees: ['basic'], bargain: true, screenshots: [...shots].reverse() });
    expect(isVerified(edited)).toBe(true);
  });

  it('survives an edit on sale of the seller’s own promises, and ends with a 改价 (issue 10 E.3)', async () => {
    await verify();
    const kept = await publish(t, seller, { ...base, goods_id: goodsId, urgent: true });
    expect(kept.body.data?.status).toBe('on_sale');
    expect(isVerified(kept.body.data as GoodsData)).toBe(true);
    const priced = await call<GoodsData>(t.app, 'POST', '/app/user/goods/price', {
      token: seller,
      body: { goods_id: goodsId, price: '99' },
    });
    expect(priced.body.data?.status).toBe('on_sale');
    expect(isVerified(priced.body.data as GoodsData)).toBe(false);
    await edit({});
  });

  it.each<[string, Partial<PublishRequest> | ((request: PublishRequest) => Partial<PublishRequest>)]>([
    ['the price', { price: '101' }],
    ['an attribute', (request) => ({ attrs: { ...request.attrs, skins: 101 } })],
    ['a binding', (request) => ({ bindings: { ...request.bindings, can_rebind: false } })],
    ['the title', { title: '王者荣耀 另一个账号' }],
    ['a screenshot removed', (request) => ({ screenshots: (request.screenshots ?? []).slice(1) })],
  ])('ends with an edit of %s', async (_what, change) => {
    await verify();
    const edited = await edit(typeof change === 'function' ? change(base) : change);
    expect(isVerified(edited)).toBe(false);
    await edit({});
  });
});
