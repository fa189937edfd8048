import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GoodsData, GoodsDetail, GoodsList, PublishRequest, RepriceRequest } from '@haoshi/contracts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';
import {
  createListingsApp,
  gameNamed,
  listOnSale,
  publish,
  publishBody,
  uploadScreenshots,
} from './helpers/listings.ts';

let t: TestApp;
let wz: Awaited<ReturnType<typeof gameNamed>>;
let seller = '';
let other = '';
let shots: string[] = [];

beforeAll(async () => {
  t = await createListingsApp();
  wz = await gameNamed(t, '王者荣耀');
  seller = (await login(t.app, '13955550001')).token;
  other = (await login(t.app, '13955550002')).token;
  shots = await uploadScreenshots(t, seller, 3);
});
afterAll(() => t.close());

const reprice = (token: string, body: RepriceRequest) =>
  call<GoodsData>(t.app, 'POST', '/app/user/goods/price', { token, body });

const history = (goodsId: number) =>
  queryRows<{ action: string; from_state: string; to_state: string; metadata: Record<string, unknown> }>(
    t.database.db,
    sql`select action, from_state, to_state, metadata from process_transitions
        where process = 'listing' and subject_id = ${goodsId} and action <> 'create' order by id`,
  );

const search = async (body: Record<string, unknown>) => {
  const { body: answer } = await call<GoodsList>(t.app, 'POST', '/app/goods/list/filter', { body });
  return answer.data?.list ?? [];
};

async function listed(title: string): Promise<{ data: GoodsData; body: PublishRequest }> {
  const body = publishBody(wz, { title, screenshots: shots, price: '300' });
  return { data: await listOnSale(t, seller, body), body };
}

describe(`editing a listing on sale on ${databaseKind} (issue 10 E.3)`, () => {
  it('sends a change of what moderation judged back to review, recorded, keeping its listing time', async () => {
    const { data, body } = await listed('王者荣耀 改标题之前');
    const { body: edited } = await publish(t, seller, {
      ...body,
      goods_id: data.id,
      title: '王者荣耀 改标题之后',
      description: '新的描述',
    });
    expect(edited.err_code, JSON.stringify(edited)).toBe(0);
    expect(edited.data).toMatchObject({
      status: 'on_sale',
      title: '王者荣耀 改标题之后',
      listed_at: data.listed_at,
    });
    expect(await history(data.id)).toEqual([
      expect.objectContaining({ action: 'submit' }),
      expect.objectContaining({ action: 'approve' }),
      {
        action: 'revise',
        from_state: 'on_sale',
        to_state: 'pending_review',
        metadata: { changed: ['title', 'description'] },
      },
      { action: 'approve', from_state: 'pending_review', to_state: 'on_sale', metadata: {} },
    ]);
    const found = await search({ keyword: '改标题之后' });
    expect(found.map((hit) => hit.id)).toEqual([data.id]);
    expect(await search({ keyword: '改标题之前' })).toEqual([]);
  });

  it('takes a revision with banned words off sale, back to draft with the reason', async () => {
    const { data, body } = await listed('王者荣耀 稍后违规');
    const { body: edited } = await publish(t, seller, {
      ...body,
      goods_id: data.id,
      description: '附赠外挂一套',
    });
    expect(edited.data).toMatchObject({ status: 'draft' });
    expect(edited.data?.review_note).toContain('外挂');
    expect((await search({ keyword: '稍后违规' })).map((hit) => hit.id)).toEqual([]);
    const detail = await call(t.app, 'GET', `/app/goods/detail?goods_id=${data.id}`, { token: other });
    expect(detail.body.err_code).toBe(3001);
  });

  it('keeps a listing on sale through an edit of the seller’s own offer and notes', async () => {
    const { data, body } = await listed('王者荣耀 只改标记');
    const { body: edited } = await publish(t, seller, {
      ...body,
      goods_id: data.id,
      bargain: true,
      account_hint: '登录方式：QQ',
      screenshots: [...shots].reverse(),
    });
    expect(edited.data).toMatchObject({ status: 'on_sale', bargain: true, account_hint: '登录方式：QQ' });
    expect(edited.data?.tags).toContain('bargain');
    const steps = await history(data.id);
    expect(steps.at(-1)).toEqual({
      action: 'edit',
      from_state: 'on_sale',
      to_state: 'on_sale',
      metadata: { changed: ['bargain', 'account_hint'] },
    });
  });
});

describe(`re-pricing on ${databaseKind} (issue 10 E.3)`, () => {
  it('keeps the listing on sale, records the change, and the search sees the new price', async () => {
    const { data } = await listed('王者荣耀 改价测试号');
    const { body } = await reprice(seller, { goods_id: data.id, price: '188.5', original_price: '400' });
    expect(body.err_code, JSON.stringify(body)).toBe(0);
    expect(body.data).toMatchObject({
      status: 'on_sale',
      price: '188.50',
      original_price: '400.00',
      listed_at: data.listed_at,
    });
    expect((await history(data.id)).at(-1)).toEqual({
      action: 'reprice',
      from_state: 'on_sale',
      to_state: 'on_sale',
      metadata: { changed: ['price', 'original_price'], price_from: 30000, price_to: 18850 },
    });
    const found = await search({ keyword: '改价测试号' });
    expect(found.map((hit) => [hit.id, hit.price, hit.original_price])).toEqual([
      [data.id, '188.50', '400.00'],
    ]);
    const cheap = await search({ keyword: '改价测试号', price_max: '200' });
    expect(cheap.map((hit) => hit.id)).toEqual([data.id]);
    expect(await search({ keyword: '改价测试号', price_min: '250' })).toEqual([]);
    const detail = await call<GoodsDetail>(t.app, 'GET', `/app/goods/detail?goods_id=${data.id}`, {
      token: other,
    });
    expect(detail.body.data?.price).toBe('188.50');
  });

  it('keeps the original price when omitted and removes it when null', async () => {
    const { data } = await listed('王者荣耀 原价去留');
    const first = await reprice(seller, { goods_id: data.id, price: '250', original_price: '500' });
    expect(first.body.data?.original_price).toBe('500.00');
    const kept = await reprice(seller, { goods_id: data.id, price: '260' });
    expect(kept.body.data).toMatchObject({ price: '260.00', original_price: '500.00' });
    const cleared = await reprice(seller, { goods_id: data.id, price: '600', original_price: null });
    expect(cleared.body.data).toMatchObject({ price: '600.00', original_price: null });
  });

  it('refuses a bad price with the field named, writing nothing', async () => {
    const { data } = await listed('王者荣耀 坏价格');
    await reprice(seller, { goods_id: data.id, price: '300', original_price: '350' });
    const before = await rowCounts(t.database.db);
    const cases: [Partial<RepriceRequest>, string, string][] = [
      [{ price: '0' }, 'price', '金额需大于0'],
      [{ price: '12.345' }, 'price', '最多两位小数'],
      [{ price: 'abc' }, 'price', '金额需大于0'],
      [{ price: '1000000.01' }, 'price', '价格不能超过1000000元'],
      [{ price: '400' }, 'original_price', '原价不能低于售价'],
      [{ price: '100', original_price: '99' }, 'original_price', '原价不能低于售价'],
    ];
    for (const [change, field, message] of cases) {
      const { body } = await reprice(seller, { goods_id: data.id, price: '300', ...change });
      expect(body, JSON.stringify(change)).toMatchObject({ err_code: 1000, field });
      expect(body.message).toContain(message);
    }
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    const own = await call<GoodsData>(t.app, 'GET', `/app/goods/data?goods_id=${data.id}`, { token: seller });
    expect(own.body.data).toMatchObject({ price: '300.00', original_price: '350.00' });
  });
});

describe(`what may not be edited or re-priced on ${databaseKind} (issue 10 E.3)`, () => {
  it('refuses another user, writing nothing', async () => {
    const { data, body } = await listed('王者荣耀 别人的号');
    const before = await rowCounts(t.database.db);
    const priced = await reprice(other, { goods_id: data.id, price: '1' });
    expect(priced.body).toMatchObject({ err_code: 3002, message: '只能编辑自己的商品' });
    const edited = await publish(t, other, { ...body, goods_id: data.id, title: '王者荣耀 抢来的号' });
    expect(edited.body.err_code).toBe(3002);
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
  });

  it.each([
    ['locked', '交易中'],
    ['sold', '已售出'],
  ])('refuses a %s listing with the state named, writing nothing', async (status, label) => {
    const { data, body } = await listed(`王者荣耀 ${label}的号`);
    await t.database.db.execute(sql`update goods set status = ${status} where id = ${data.id}`);
    const before = await rowCounts(t.database.db);
    const priced = await reprice(seller, { goods_id: data.id, price: '1' });
    expect(priced.body).toMatchObject({ err_code: 3003, message: `${label}的商品不能改价` });
    const edited = await publish(t, seller, { ...body, goods_id: data.id, title: '王者荣耀 偷偷改掉' });
    expect(edited.body).toMatchObject({ err_code: 3003, message: `${label}的商品不能编辑` });
    const flagged = await publish(t, seller, { ...body, goods_id: data.id, bargain: true });
    expect(flagged.body).toMatchObject({ err_code: 3003, message: `${label}的商品不能编辑` });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    const own = await call<GoodsData>(t.app, 'GET', `/app/goods/data?goods_id=${data.id}`, { token: seller });
    expect(own.body.data).toMatchObject({ status, price: '300.00', title: body.title, actions: [] });
  });

  it('refuses re-pricing a draft: drafts are edited in the wizard', async () => {
    const { body } = await publish(t, seller, publishBody(wz, { title: '王者荣耀 草稿不改价' }));
    const priced = await reprice(seller, { goods_id: body.data?.id ?? 0, price: '1' });
    expect(priced.body).toMatchObject({ err_code: 3003, message: '草稿的商品不能改价' });
  });
});
