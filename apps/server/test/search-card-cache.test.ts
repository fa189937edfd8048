import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GoodsData, GoodsList } from '@haoshi/contracts';
import { sql } from 'drizzle-orm';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import {
  createListingsApp,
  gameNamed,
  listOnSale,
  publishBody,
  uploadScreenshots,
} from './helpers/listings.ts';
import { CARD_TTL_MS } from '../src/modules/goods/card-cache.ts';

let t: TestApp;
let listed: GoodsData;
let sellerId = 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The listing's hit in its seller's list, answered from the in-memory index and its card cache. */
async function hit() {
  const { response, body } = await call<GoodsList>(t.app, 'POST', '/app/goods/list/filter', {
    body: { seller_id: sellerId },
  });
  expect(response.headers['x-search-index']).toBe('ready');
  return body.data?.list.find((item) => item.id === listed.id);
}

beforeAll(async () => {
  t = await createListingsApp();
  const seller = await login(t.app, '13911120001');
  sellerId = seller.user.id;
  const game = await gameNamed(t, '王者荣耀');
  const screenshots = await uploadScreenshots(t, seller.token, 2);
  listed = await listOnSale(
    t,
    seller.token,
    publishBody(game, { title: '王者荣耀 卡片缓存 初版', screenshots }),
  );
  for (let attempt = 0; attempt < 300; attempt++) {
    const answer = await call(t.app, 'POST', '/app/goods/list/filter', { body: { page_size: 1 } });
    if (answer.response.headers['x-search-index'] === 'ready') return;
    await sleep(100);
  }
  throw new Error('the search index was not built');
}, 120_000);
afterAll(() => t.close());

describe(`search cards from the card cache on ${databaseKind}`, () => {
  it('shows a write that no bus message announced in the next search (goods_change_seq)', async () => {
    expect((await hit())?.title).toBe('王者荣耀 卡片缓存 初版');
    expect((await hit())?.title).toBe('王者荣耀 卡片缓存 初版'); // the card is cached now
    // As another instance would, before its message reaches this one: by SQL, no bus.
    await t.database.db.execute(sql`update goods set title = '王者荣耀 卡片缓存 改过', price = price + 100
      where id = ${listed.id}`);
    const fresh = await hit();
    expect(fresh?.title).toBe('王者荣耀 卡片缓存 改过');
    expect(Number(fresh?.price)).toBe(Number(listed.price) + 1);
  });

  it('shows views and favourites (which do not advance goods_change_seq) within the card TTL', async () => {
    const before = (await hit())?.views ?? 0;
    await t.database.db.execute(sql`update goods set views = views + 7 where id = ${listed.id}`);
    const changedAt = performance.now();
    let views = (await hit())?.views;
    while (views !== before + 7 && performance.now() - changedAt < CARD_TTL_MS + 3000) {
      await sleep(200);
      views = (await hit())?.views;
    }
    expect(views).toBe(before + 7);
    // Within the TTL, and the time of one more search on a loaded machine.
    expect(performance.now() - changedAt).toBeLessThan(CARD_TTL_MS + 3000);
  }, 30_000);
});
