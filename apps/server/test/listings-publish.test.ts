import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type {
  GoodsData,
  GoodsDetail,
  GoodsList,
  MyGoodsItem,
  Page,
  SavedGoodsItem,
  Visitor,
} from '@haoshi/contracts';
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
let alice = { token: '', id: 0 };
let bob = { token: '', id: 0 };
let aliceShots: string[] = [];

beforeAll(async () => {
  t = await createListingsApp();
  wz = await gameNamed(t, '王者荣耀');
  const a = await login(t.app, '13922220001');
  const b = await login(t.app, '13922220002');
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
  aliceShots = await uploadScreenshots(t, alice.token, 3);
});
afterAll(() => t.close());

const goodsCount = async () => {
  const [row] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from goods`);
  return row?.n ?? 0;
};

describe(`publishing on ${databaseKind}`, () => {
  it('needs a session', async () => {
    const { body } = await publish(t, '', publishBody(wz));
    expect(body.err_code).toBe(400);
  });

  it('validates against the game’s schema and names each field, writing nothing', async () => {
    const before = await goodsCount();
    const base = publishBody(wz, { screenshots: aliceShots });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ attrs: { ...base.attrs, rank: 'v99' } }, 'attrs.rank', '请选择有效的段位'],
      [{ attrs: { ...base.attrs, skins: 601 } }, 'attrs.skins', '皮肤数须在0到600个之间'],
      [{ attrs: { ...base.attrs, skins: 1.5 } }, 'attrs.skins', '皮肤数须为整数'],
      [{ attrs: { ...base.attrs, heroes: undefined } }, 'attrs.heroes', '请填写英雄数'],
      [{ attrs: { ...base.attrs, ar: 10 } }, 'attrs.ar', '该游戏没有这个属性'],
      [
        { attrs: { ...base.attrs, rare_skins: ['不存在的皮肤'] } },
        'attrs.rare_skins',
        '请选择有效的稀有皮肤',
      ],
      [{ bindings: { ...base.bindings, real_name: undefined } }, 'bindings.real_name', '请选择实名情况'],
      [{ bindings: { ...base.bindings, can_rebind: 'yes' } }, 'bindings.can_rebind', '请选择支持换绑'],
      [{ platform: 'pc' }, 'platform', '该游戏不支持此平台'],
      [{ partition_id: 999_999 }, 'partition_id', '请选择该平台下的区服'],
      [{ title: '王者 加我微信 abc123' }, 'title', '不能填写手机号、微信或QQ等联系方式'],
      [{ description: '联系13812345678' }, 'description', '不能填写手机号'],
      // Disguised contacts (issue 9 E.8): the shared detector normalises before matching.
      [{ description: '联系 一三八 一二三四 五六七八' }, 'description', '不能填写手机号'],
      [{ title: '王者荣耀 加微\u200b信详聊' }, 'title', '不能填写手机号'],
      [{ description: '①③⑧.①②③④.⑤⑥⑦⑧' }, 'description', '不能填写手机号'],
      [{ title: '短' }, 'title', '标题至少4个字'],
      [{ title: '王者荣耀\u0000账号' }, 'title', '不能包含特殊控制字符'],
      [{ attrs: { ...base.attrs, rare_skins: ['\u0000'] } }, 'attrs.rare_skins.0', '不能包含特殊控制字符'],
      [{ screenshots: ['../etc/passwd'] }, 'screenshots.0', '截图无效'],
      [{ price: '0' }, 'price', '金额需大于0'],
      [{ price: '12.345' }, 'price', '最多两位小数'],
      [{ price: '100', original_price: '50' }, 'original_price', '原价不能低于售价'],
      [{ guarantees: ['basic', 'basic'] }, 'guarantees', '包赔服务有重复'],
    ];
    for (const [override, field, message] of cases) {
      const { body } = await publish(t, alice.token, { ...base, ...override });
      expect(body, JSON.stringify(override)).toMatchObject({ err_code: 1000, field });
      expect(body.message, JSON.stringify(override)).toContain(message);
    }
    const ys = await gameNamed(t, '金铲铲之战');
    const noLifetime = await publish(t, alice.token, publishBody(ys, { guarantees: ['lifetime'] }));
    expect(noLifetime.body).toMatchObject({ err_code: 1000, field: 'guarantees' });
    const unknownGame = await publish(t, alice.token, { ...base, game_id: 99_999 });
    expect(unknownGame.body.err_code).toBe(3004);
    expect(await goodsCount()).toBe(before);
  });

  it('reports every problem of the form at once', async () => {
    const base = publishBody(wz);
    const { body } = await publish(t, alice.token, { ...base, attrs: {}, bindings: {} });
    const fields = (body.data as unknown as { fields: { field: string }[] }).fields.map(
      (problem) => problem.field,
    );
    expect(fields).toEqual(
      expect.arrayContaining([
        'attrs.rank',
        'attrs.stars',
        'attrs.heroes',
        'bindings.phone',
        'bindings.real_name',
      ]),
    );
  });

  it('saves a draft, refuses to submit it without screenshots, then lists it on sale', async () => {
    const draft = await publish(t, alice.token, publishBody(wz, { title: '王者荣耀 草稿账号' }));
    expect(draft.body.data).toMatchObject({ status: 'draft', actions: ['edit', 'submit'] });
    const id = draft.body.data?.id ?? 0;
    const early = await call(t.app, 'POST', '/app/goods/publish/submit', {
      token: alice.token,
      body: { goods_id: id },
    });
    expect(early.body).toMatchObject({ err_code: 3005, field: 'screenshots', message: '请至少上传2张截图' });
    const edited = await publish(
      t,
      alice.token,
      publishBody(wz, { goods_id: id, title: '王者荣耀 草稿账号', screenshots: aliceShots }),
    );
    expect(edited.body.err_code).toBe(0);
    const submitted = await call<GoodsData>(t.app, 'POST', '/app/goods/publish/submit', {
      token: alice.token,
      body: { goods_id: id },
    });
    expect(submitted.body.data).toMatchObject({
      status: 'on_sale',
      actions: ['edit', 'reprice', 'revise', 'shelf_off'],
    });
    expect(submitted.body.data?.listed_at).not.toBeNull();
    const found = await call<GoodsList>(t.app, 'POST', '/app/goods/list/filter', {
      body: { keyword: '草稿' },
    });
    expect(found.body.data?.list.map((item) => item.id)).toEqual([id]);
    const again = await call(t.app, 'POST', '/app/goods/publish/submit', {
      token: alice.token,
      body: { goods_id: id },
    });
    expect(again.body).toMatchObject({ err_code: 3003 });
  });

  it('sends a listing with banned words back to draft with the reason', async () => {
    const { body } = await publish(
      t,
      alice.token,
      publishBody(wz, { title: '王者荣耀 送外挂', screenshots: aliceShots, submit: true }),
    );
    expect(body.data).toMatchObject({ status: 'draft' });
    expect(body.data?.review_note).toContain('外挂');
  });

  it('takes a listing off the shelf and back on', async () => {
    const listing = await listOnSale(
      t,
      alice.token,
      publishBody(wz, { title: '王者荣耀 上下架', screenshots: aliceShots }),
    );
    const off = await call<GoodsData>(t.app, 'POST', '/app/user/goods/shelf', {
      token: alice.token,
      body: { goods_id: listing.id, action: 'off' },
    });
    expect(off.body.data?.status).toBe('off_shelf');
    const hidden = await call(t.app, 'GET', `/app/goods/detail?goods_id=${listing.id}`, { token: bob.token });
    expect(hidden.body).toMatchObject({ err_code: 3001, message: '商品不存在或已下架' });
    const offAgain = await call(t.app, 'POST', '/app/user/goods/shelf', {
      token: alice.token,
      body: { goods_id: listing.id, action: 'off' },
    });
    expect(offAgain.body.err_code).toBe(3003);
    const on = await call<GoodsData>(t.app, 'POST', '/app/user/goods/shelf', {
      token: alice.token,
      body: { goods_id: listing.id, action: 'on' },
    });
    expect(on.body.data?.status).toBe('on_sale');
    const mine = await call<Page<MyGoodsItem>>(t.app, 'GET', '/app/user/goods/mine?status=on_sale', {
      token: alice.token,
    });
    expect(mine.body.data?.list.map((item) => item.id)).toContain(listing.id);
  });
});

describe(`other people’s listings on ${databaseKind}`, () => {
  let listing: GoodsData;
  beforeAll(async () => {
    listing = await listOnSale(
      t,
      alice.token,
      publishBody(wz, {
        title: '王者荣耀 爱丽丝的号',
        screenshots: aliceShots,
        account_hint: 'QQ 12345',
        private_note: '底价 80',
      }),
    );
  });

  it('cannot be edited, shelved, submitted or read in full by anyone else', async () => {
    const bobShots = await uploadScreenshots(t, bob.token, 2);
    const edit = await publish(
      t,
      bob.token,
      publishBody(wz, { goods_id: listing.id, screenshots: bobShots }),
    );
    expect(edit.body).toMatchObject({ err_code: 3002, message: '只能编辑自己的商品' });
    const shelf = await call(t.app, 'POST', '/app/user/goods/shelf', {
      token: bob.token,
      body: { goods_id: listing.id, action: 'off' },
    });
    expect(shelf.body.err_code).toBe(3002);
    const submit = await call(t.app, 'POST', '/app/goods/publish/submit', {
      token: bob.token,
      body: { goods_id: listing.id },
    });
    expect(submit.body.err_code).toBe(3002);
    const data = await call(t.app, 'GET', `/app/goods/data?goods_id=${listing.id}`, { token: bob.token });
    expect(data.body).toMatchObject({ err_code: 3002 });
    expect(JSON.stringify(data.body)).not.toContain('12345');
    const own = await call<GoodsData>(t.app, 'GET', `/app/goods/data?goods_id=${listing.id}`, {
      token: alice.token,
    });
    expect(own.body.data).toMatchObject({ account_hint: 'QQ 12345', private_note: '底价 80' });
  });

  it('shows the public detail without private fields, to anyone', async () => {
    for (const token of [undefined, bob.token]) {
      const { body } = await call<GoodsDetail>(
        t.app,
        'GET',
        `/app/goods/detail?goods_id=${listing.id}`,
        token ? { token } : {},
      );
      expect(body.err_code).toBe(0);
      const text = JSON.stringify(body);
      expect(text).not.toContain('12345');
      expect(text).not.toContain('底价');
      expect(body.data).not.toHaveProperty('account_hint');
      expect(body.data).toMatchObject({ is_mine: false, can_buy: true });
    }
  });

  it('cannot use someone else’s uploads as screenshots', async () => {
    const { body } = await publish(t, bob.token, publishBody(wz, { screenshots: aliceShots }));
    expect(body).toMatchObject({ err_code: 3107 });
  });

  it('lets only customer service verify screenshots, which adds the 官方截图 tag', async () => {
    const refused = await call(t.app, 'POST', '/app/goods/verify/screenshots', {
      token: bob.token,
      body: { goods_id: listing.id, verified: true },
    });
    expect(refused.body.err_code).toBe(1011);
    const staff = await login(t.app, '13922220009');
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role) values (${staff.user.id}, 'customer_service')`,
    );
    const verified = await call<GoodsData>(t.app, 'POST', '/app/goods/verify/screenshots', {
      token: staff.token,
      body: { goods_id: listing.id, verified: true },
    });
    expect(verified.body.data?.tags).toContain('official_shots');
    expect(verified.body.data?.verified_at).not.toBeNull();
    const list = await call<GoodsList>(t.app, 'POST', '/app/goods/list/filter', {
      body: { tags: ['official_shots'] },
    });
    expect(list.body.data?.list.map((item) => item.id)).toEqual([listing.id]);
    const search = await call<GoodsList>(t.app, 'POST', '/app/goods/list/filter', {
      body: { keyword: '官方截图' },
    });
    expect(search.body.data?.list.map((item) => item.id)).toEqual([listing.id]);
  });

  it('refuses customer service verifying the screenshots of their own listing (1014), writing nothing', async () => {
    const carol = await login(t.app, '13922220010');
    await t.database.db.execute(
      sql`insert into user_roles (user_id, role) values (${carol.user.id}, 'customer_service')`,
    );
    const shots = await uploadScreenshots(t, carol.token, 3);
    const own = await listOnSale(
      t,
      carol.token,
      publishBody(wz, { title: '王者荣耀 客服自己的号', screenshots: shots }),
    );
    const before = await rowCounts(t.database.db);
    const refused = await call(t.app, 'POST', '/app/goods/verify/screenshots', {
      token: carol.token,
      body: { goods_id: own.id, verified: true },
    });
    expect(refused.body).toMatchObject({ err_code: 1014, message: '工作人员不能处理自己的事项' });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    const data = await call<GoodsData>(t.app, 'GET', `/app/goods/data?goods_id=${own.id}`, {
      token: carol.token,
    });
    expect(data.body.data?.verified_at).toBeNull();
  });

  it('records every transition of a listing in the process history', async () => {
    const rows = await queryRows<{
      action: string;
      from_state: string | null;
      to_state: string;
      actor_role: string;
    }>(
      t.database.db,
      sql`select action, from_state, to_state, actor_role from process_transitions
          where process = 'listing' and subject_id = ${listing.id} order by id`,
    );
    expect(rows).toEqual([
      { action: 'create', from_state: null, to_state: 'draft', actor_role: 'owner' },
      { action: 'submit', from_state: 'draft', to_state: 'pending_review', actor_role: 'owner' },
      { action: 'approve', from_state: 'pending_review', to_state: 'on_sale', actor_role: 'system' },
      {
        action: 'verify_screenshots',
        from_state: 'on_sale',
        to_state: 'on_sale',
        actor_role: 'customer_service',
      },
    ]);
  });

  it('records favourites, footprints and visitors, and follows the store', async () => {
    const selfSave = await call(t.app, 'POST', '/app/user/save_goods', {
      token: alice.token,
      body: { goods_id: listing.id, save: true },
    });
    expect(selfSave.body.err_code).toBe(3006);
    const saved = await call(t.app, 'POST', '/app/user/save_goods', {
      token: bob.token,
      body: { goods_id: listing.id, save: true },
    });
    expect(saved.body.data).toMatchObject({ saved: true, favourites: 1 });
    const twice = await call(t.app, 'POST', '/app/user/save_goods', {
      token: bob.token,
      body: { goods_id: listing.id, save: true },
    });
    expect(twice.body.data).toMatchObject({ saved: true, favourites: 1 });
    const status = await call(t.app, 'GET', `/app/goods/save/status?goods_id=${listing.id}`, {
      token: bob.token,
    });
    expect(status.body.data).toMatchObject({ saved: true, favourites: 1 });
    const favourites = await call<Page<SavedGoodsItem>>(t.app, 'GET', '/app/user/save_goods', {
      token: bob.token,
    });
    expect(favourites.body.data?.list.map((item) => item.id)).toEqual([listing.id]);
    const footprints = await call<Page<SavedGoodsItem>>(t.app, 'GET', '/app/user/visit', {
      token: bob.token,
    });
    expect(footprints.body.data?.list.map((item) => item.id)).toContain(listing.id);
    const visitors = await call<Page<Visitor>>(t.app, 'GET', '/app/user/visitor', { token: alice.token });
    expect(visitors.body.data?.list.find((visitor) => visitor.goods_id === listing.id)).toMatchObject({
      user_id: bob.id,
    });
    const unsaved = await call(t.app, 'POST', '/app/user/save_goods', {
      token: bob.token,
      body: { goods_id: listing.id, save: false },
    });
    expect(unsaved.body.data).toMatchObject({ saved: false, favourites: 0 });

    const selfFollow = await call(t.app, 'POST', '/app/user/subscribe', {
      token: alice.token,
      body: { seller_id: alice.id, follow: true },
    });
    expect(selfFollow.body.err_code).toBe(3008);
    const follow = await call(t.app, 'POST', '/app/user/subscribe', {
      token: bob.token,
      body: { seller_id: alice.id, follow: true },
    });
    expect(follow.body.data).toMatchObject({ following: true, followers: 1 });
    const following = await call<{ following: boolean; total: number }>(
      t.app,
      'GET',
      `/app/user/subscribe?seller_id=${alice.id}`,
      { token: bob.token },
    );
    expect(following.body.data).toMatchObject({ following: true, total: 1 });
    const noStore = await call(t.app, 'POST', '/app/user/subscribe', {
      token: alice.token,
      body: { seller_id: bob.id + 1000, follow: true },
    });
    expect(noStore.body.err_code).toBe(3007);
  });
});
