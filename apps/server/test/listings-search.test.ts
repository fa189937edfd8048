import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  envelopeSchema,
  goodsListSchema,
  type GoodsFilterRequest,
  type GoodsList,
  type Keywords,
  type ListHeader,
  type PublishRequest,
} from '@haoshi/contracts';
import { sql } from 'drizzle-orm';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { AdminCommandError, createAdminService } from '../src/modules/admin/admin-service.ts';
import { loadSearchAliases, resolveKeyword, seedSearchAliases } from '../src/modules/goods/search-aliases.ts';
import { call, login } from './helpers/identity.ts';
import {
  createListingsApp,
  gameNamed,
  listOnSale,
  publishBody,
  uploadScreenshots,
} from './helpers/listings.ts';

let t: TestApp;
let sellerToken = '';
let otherSellerId = 0;
const ids: Record<string, number> = {};

const search = async (filter: GoodsFilterRequest) => {
  const { body } = await call<GoodsList>(t.app, 'POST', '/app/goods/list/filter', { body: filter });
  // The route sends a pre-serialised answer: hold it to the contract here.
  if (body.err_code === 0) envelopeSchema(goodsListSchema).strict().parse(body);
  return body;
};
const found = async (filter: GoodsFilterRequest) => {
  const body = await search({ page_size: 100, ...filter });
  expect(body.err_code, JSON.stringify(body)).toBe(0);
  return new Set(body.data?.list.map((item) => item.id));
};
const named = (...names: string[]) => new Set(names.map((name) => ids[name]));

beforeAll(async () => {
  t = await createListingsApp();
  const seller = await login(t.app, '13911110001');
  sellerToken = seller.token;
  const shots = await uploadScreenshots(t, sellerToken, 2);
  const wz = await gameNamed(t, '王者荣耀');
  const ys = await gameNamed(t, '原神');
  const hp = await gameNamed(t, '和平精英');
  const fixtures: Array<[string, PublishRequest]> = [
    [
      'A',
      publishBody(wz, {
        platform: 'android',
        title: '王者荣耀 荣耀王者 全皮肤 李白·凤求凰',
        price: '1000',
        bargain: true,
      }),
    ],
    ['B', publishBody(wz, { platform: 'ios', title: '王者 V10 典藏号', price: '300', urgent: true })],
    ['C', publishBody(ys, { title: '原神 雷电将军 满命', price: '2000' })],
    ['D', publishBody(hp, { title: '和平精英 玛莎拉蒂 无敌战神', price: '800' })],
    [
      'E',
      publishBody(wz, { platform: 'android', title: '荣耀王者 低价出', price: '50', guarantees: ['basic'] }),
    ],
    [
      'F',
      publishBody(ys, {
        title: '开局号 冒险等级高',
        description: '角色很多，含纳西妲和钟离，支持换绑',
        price: '120',
      }),
    ],
    ['G', publishBody(wz, { platform: 'android', title: '精品账号 出售', price: '450' })],
  ];
  const base = (name: string) => fixtures.find(([key]) => key === name)?.[1];
  const a = base('A');
  if (a) a.attrs = { ...a.attrs, rank: 'v6', skins: 300, rare_skins: ['李白·凤求凰'] };
  const g = base('G');
  if (g) g.attrs = { ...g.attrs, skins: 120, rare_skins: ['貂蝉·仲夏夜之梦'] };
  const c = base('C');
  if (c) c.attrs = { ...c.attrs, ar: 60, limited: ['雷电将军'] };
  for (const [name, body] of fixtures) {
    t.clock.advance(60);
    ids[name] = (await listOnSale(t, sellerToken, { ...body, screenshots: shots })).id;
  }
  const other = await login(t.app, '13911110002');
  const otherShots = await uploadScreenshots(t, other.token, 2);
  t.clock.advance(60);
  const h = await listOnSale(
    t,
    other.token,
    publishBody(wz, { platform: 'ios', title: '王者荣耀 另一位卖家', price: '666', screenshots: otherShots }),
  );
  ids.H = h.id;
  otherSellerId = other.user.id;
});
afterAll(() => t.close());

describe(`search on ${databaseKind}`, () => {
  it('finds Chinese keywords of two characters and more (王者 finds 王者荣耀)', async () => {
    expect(await found({ keyword: '王者' })).toEqual(named('A', 'B', 'E', 'G', 'H'));
    expect(await found({ keyword: '王者荣耀' })).toEqual(named('A', 'B', 'E', 'G', 'H'));
    expect(await found({ keyword: '凤求凰' })).toEqual(named('A'));
    expect(await found({ keyword: '凰' })).toEqual(named('A'));
    expect(await found({ keyword: '雷电 满命' })).toEqual(named('C'));
    expect(await found({ keyword: '原神' })).toEqual(named('C', 'F'));
    expect(await found({ keyword: '不存在的词' })).toEqual(new Set());
  });

  it('searches descriptions and attribute values, and Latin words case-insensitively', async () => {
    expect(await found({ keyword: '纳西妲' })).toEqual(named('F'));
    expect(await found({ keyword: '仲夏夜' })).toEqual(named('G'));
    expect(await found({ keyword: 'v10' })).toEqual(named('B'));
    expect(await found({ keyword: 'V10' })).toEqual(named('B'));
    expect(await found({ keyword: '１００' })).toEqual(new Set());
  });

  it('marks the matched words in titles and snippets', async () => {
    const title = await search({ keyword: '凤求凰' });
    const hit = title.data?.list[0];
    expect(hit?.title.slice(...(hit.title_marks[0] ?? [0, 0]))).toBe('凤求凰');
    const description = await search({ keyword: '纳西妲' });
    const snippet = description.data?.list[0];
    expect(snippet?.title_marks).toEqual([]);
    expect(snippet?.snippet).toContain('纳西妲');
    expect(snippet?.snippet.slice(...(snippet.snippet_marks[0] ?? [0, 0]))).toBe('纳西妲');
    const many = await search({ keyword: '王者' });
    const a = many.data?.list.find((item) => item.id === ids.A);
    expect(a?.title_marks).toEqual([
      [0, 2],
      [7, 9],
    ]);
  });

  it('filters by game, platform, partition, price and seller', async () => {
    const wz = await gameNamed(t, '王者荣耀');
    const ys = await gameNamed(t, '原神');
    expect(await found({ game_id: ys.game.id })).toEqual(named('C', 'F'));
    expect(await found({ game_id: wz.game.id, platform: 'ios' })).toEqual(named('B', 'H'));
    const androidQq = wz.partitions.find((partition) => partition.platform === 'android');
    expect(await found({ game_id: wz.game.id, partition_id: androidQq?.id ?? 0 })).toEqual(
      named('A', 'E', 'G'),
    );
    expect(await found({ price_min: '100', price_max: '800' })).toEqual(named('B', 'D', 'F', 'G', 'H'));
    expect(await found({ price_max: '50' })).toEqual(named('E'));
    expect(await found({ seller_id: otherSellerId })).toEqual(named('H'));
  });

  it('filters by attribute ranges and choices, checked against the game schema', async () => {
    const wz = await gameNamed(t, '王者荣耀');
    expect(await found({ game_id: wz.game.id, attrs: [{ key: 'skins', min: 100 }] })).toEqual(
      named('A', 'G'),
    );
    expect(await found({ game_id: wz.game.id, attrs: [{ key: 'skins', min: 100, max: 200 }] })).toEqual(
      named('G'),
    );
    expect(await found({ game_id: wz.game.id, attrs: [{ key: 'rank', values: ['v6'] }] })).toEqual(
      named('A'),
    );
    expect(
      await found({
        game_id: wz.game.id,
        attrs: [{ key: 'rare_skins', values: ['李白·凤求凰', '貂蝉·仲夏夜之梦'] }],
      }),
    ).toEqual(named('A', 'G'));
    expect(await search({ attrs: [{ key: 'skins', min: 1 }] })).toMatchObject({
      err_code: 1000,
      field: 'attrs',
    });
    expect(await search({ game_id: wz.game.id, attrs: [{ key: 'nope', min: 1 }] })).toMatchObject({
      err_code: 1000,
      field: 'attrs.0.key',
    });
    expect(await search({ game_id: wz.game.id, attrs: [{ key: 'rank', values: ['v99'] }] })).toMatchObject({
      err_code: 1000,
      field: 'attrs.0.values',
    });
    expect(await search({ price_min: '500', price_max: '100' })).toMatchObject({
      err_code: 1000,
      field: 'price_max',
    });
    expect(await search({ game_id: 99999 })).toMatchObject({ err_code: 3004 });
  });

  it('filters by tags', async () => {
    expect(await found({ tags: ['bargain'] })).toEqual(named('A'));
    expect(await found({ tags: ['urgent'] })).toEqual(named('B'));
    expect(await found({ tags: ['guarantee'] })).toEqual(named('E'));
    expect(await found({ tags: ['bargain', 'rebind'] })).toEqual(named('A'));
    expect(await found({ tags: ['official_shots'] })).toEqual(new Set());
  });

  it('sorts by every order with the id as the tie-break', async () => {
    const list = async (sort: GoodsFilterRequest['sort']) =>
      (await search({ sort, page_size: 100 })).data?.list ?? [];
    const prices = (await list('price_asc')).map((item) => Number(item.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const descending = (await list('price_desc')).map((item) => Number(item.price));
    expect(descending).toEqual([...prices].reverse());
    const newest = (await list('newest')).map((item) => item.id);
    expect(newest[0]).toBe(ids.H);
    expect(newest.at(-1)).toBe(ids.A);
    const hot = await list('hot');
    const views = hot.map((item) => item.views + item.favourites * 20);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect((await list('default')).length).toBe(8);
  });

  it('keeps pages stable when listings are published between page requests', async () => {
    const first = await search({ sort: 'newest', page: 1, page_size: 3 });
    const snapshot = first.data?.snapshot_id ?? 0;
    expect(first.data).toMatchObject({ total: 8, total_capped: false, total_is_estimate: false });
    const wz = await gameNamed(t, '王者荣耀');
    const shots = await uploadScreenshots(t, sellerToken, 2);
    t.clock.advance(60);
    const fresh = await listOnSale(
      t,
      sellerToken,
      publishBody(wz, { title: '王者荣耀 新上架', screenshots: shots }),
    );
    const seen = [...(first.data?.list ?? [])];
    for (let page = 2; page <= 3; page++) {
      const next = await search({ sort: 'newest', page, page_size: 3, snapshot_id: snapshot });
      expect(next.data?.total).toBe(8);
      seen.push(...(next.data?.list ?? []));
    }
    expect(seen.map((item) => item.id)).toEqual([ids.H, ids.G, ids.F, ids.E, ids.D, ids.C, ids.B, ids.A]);
    const now = await search({ sort: 'newest', page: 1, page_size: 3 });
    expect(now.data?.list[0]?.id).toBe(fresh.id);
    expect(now.data?.total).toBe(9);
    expect(now.data?.snapshot_id).toBeGreaterThan(snapshot);
  });

  it('rejects a bad page size and an over-long keyword by field', async () => {
    expect(await search({ page_size: 101 })).toMatchObject({ err_code: 1000, field: 'page_size' });
    expect(await search({ keyword: '王'.repeat(31) })).toMatchObject({ err_code: 1000, field: 'keyword' });
  });

  it('answers the list header with the game’s filters and counts', async () => {
    const wz = await gameNamed(t, '王者荣耀');
    const { body } = await call<ListHeader>(t.app, 'POST', '/app/goods/list/header', {
      body: { game_id: wz.game.id },
    });
    expect(body.data?.game?.name).toBe('王者荣耀');
    expect(body.data?.sorts.map((sort) => sort.label)).toEqual([
      '综合',
      '最新',
      '价格升序',
      '价格降序',
      '热度',
    ]);
    expect(body.data?.tags.map((tag) => tag.label)).toEqual(['可议价', '急售', '包赔', '可换绑', '官方截图']);
    expect(body.data?.range_filters.map((filter) => filter.key)).toContain('skins');
    expect(body.data?.choice_filters.map((filter) => filter.key)).toContain('rank');
    expect(body.data?.on_sale_count).toBeGreaterThanOrEqual(5);
  });

  it('suggests games and keywords as the user types', async () => {
    const { body } = await call<Keywords>(
      t.app,
      'GET',
      `/app/home/keyword?keyword=${encodeURIComponent('王')}`,
    );
    expect(body.data?.suggestions[0]).toMatchObject({ text: '王者荣耀', kind: 'game', marks: [[0, 1]] });
  });

  it('pages by cursor through every sort without a duplicate or a gap, stable under inserts', async () => {
    const wz = await gameNamed(t, '王者荣耀');
    const shots = await uploadScreenshots(t, sellerToken, 2);
    for (const sort of ['default', 'newest', 'price_asc', 'price_desc', 'hot'] as const) {
      const whole = await search({ sort, page_size: 100 });
      const expected = whole.data?.list.map((item) => item.id) ?? [];
      const seen: number[] = [];
      let page = await search({ sort, page_size: 3 });
      const snapshot = page.data?.snapshot_id;
      for (let step = 0; step < 10 && page.data; step++) {
        seen.push(...page.data.list.map((item) => item.id));
        const cursor = page.data.next_cursor;
        if (!cursor) break;
        t.clock.advance(60);
        await listOnSale(
          t,
          sellerToken,
          publishBody(wz, { title: `王者荣耀 翻页中上架 ${sort}`, screenshots: shots }),
        );
        page = await search({ sort, page_size: 3, cursor, snapshot_id: snapshot });
      }
      expect(seen, sort).toEqual(expected);
    }
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const [sort, cursor] of [
      ['default', 'not-a-cursor'],
      ['default', forged([0, 'x', 1])],
      ['default', forged([0, 2 ** 40, 1])],
      ['newest', forged([0, 5, 1])],
      ['price_asc', forged([2, 5, 1])],
    ] as const) {
      expect(await search({ sort, cursor }), cursor).toMatchObject({ err_code: 1000, field: 'cursor' });
    }
    expect(await search({ page: 501, page_size: 20 })).toMatchObject({ err_code: 1000, field: 'page' });
  });

  it('expands the aliases players type (wzry finds 王者荣耀 listings)', async () => {
    const wz = await gameNamed(t, '王者荣耀');
    const all = await found({ game_id: wz.game.id });
    expect(await found({ keyword: 'wzry' })).toEqual(all);
    expect(await found({ keyword: 'WZRY' })).toEqual(all);
    expect(await found({ keyword: 'hpjy' })).toEqual(named('D'));
    expect(await found({ keyword: 'ys 雷电' })).toEqual(named('C'));
    const hit = (await search({ keyword: 'wzry', page_size: 100 })).data;
    expect(hit?.keyword_game_id).toBe(wz.game.id);
    expect(hit?.list.find((item) => item.id === ids.H)?.title_marks).toEqual([[0, 4]]);
  });

  it('ranks the listings of the game a keyword names first, the others after', async () => {
    const jcc = await gameNamed(t, '金铲铲之战');
    const wz = await gameNamed(t, '王者荣耀');
    const shots = await uploadScreenshots(t, sellerToken, 2);
    t.clock.advance(600);
    const other = await listOnSale(
      t,
      sellerToken,
      publishBody(jcc, { title: '金铲铲之战 王者段位 高胜率', price: '90', screenshots: shots }),
    );
    const wzIds = await found({ game_id: wz.game.id });
    for (const sort of ['default', 'newest', 'price_asc'] as const) {
      const list = (await search({ keyword: '王者', sort, page_size: 100 })).data?.list ?? [];
      expect(list.at(-1)?.id, sort).toBe(other.id);
      expect(new Set(list.slice(0, -1).map((item) => item.id)), sort).toEqual(wzIds);
      const byCursor: number[] = [];
      let page = await search({ keyword: '王者', sort, page_size: 4 });
      while (page.data) {
        byCursor.push(...page.data.list.map((item) => item.id));
        if (!page.data.next_cursor) break;
        page = await search({ keyword: '王者', sort, page_size: 4, cursor: page.data.next_cursor });
      }
      expect(byCursor, sort).toEqual(list.map((item) => item.id));
      const byPage: number[] = [];
      for (let number = 1; number <= Math.ceil(list.length / 4); number++)
        byPage.push(
          ...((await search({ keyword: '王者', sort, page: number, page_size: 4 })).data?.list ?? []).map(
            (item) => item.id,
          ),
        );
      expect(byPage, sort).toEqual(list.map((item) => item.id));
    }
    const answer = (await search({ keyword: '王者', page_size: 100 })).data;
    expect(answer?.keyword_game_id).toBe(wz.game.id);
    expect(answer?.total).toBe(wzIds.size + 1);
    expect((await search({ keyword: '金铲铲 王者' })).data?.list.map((item) => item.id)).toEqual([other.id]);
    expect(await found({ keyword: '王者', game_id: jcc.game.id })).toEqual(new Set([other.id]));
  });

  it('seeds the aliases once, and staff add and remove them with npm run admin', async () => {
    const db = t.database.db;
    const before = await loadSearchAliases(db);
    await seedSearchAliases(db);
    expect(await loadSearchAliases(db)).toEqual(before);
    const wz = await gameNamed(t, '王者荣耀');
    expect(before).toContainEqual({ alias: 'wzry', expansion: '王者荣耀', gameId: wz.game.id });
    expect(before).toContainEqual({ alias: 'yys', expansion: '阴阳师', gameId: null });
    const admin = createAdminService(db, 'ops-search');
    expect(await admin.run(['alias-add', 'NongYao', '王者荣耀', '--game', '王者荣耀'])).toContain('nongyao');
    await expect(admin.run(['alias-add', 'nongyao', '原神'])).rejects.toBeInstanceOf(AdminCommandError);
    await expect(admin.run(['alias-add', 'two words', '原神'])).rejects.toBeInstanceOf(AdminCommandError);
    await expect(admin.run(['alias-add', 'zz', '原神', '--game', '没有这个游戏'])).rejects.toBeInstanceOf(
      AdminCommandError,
    );
    const aliases = new Map((await loadSearchAliases(db)).map((row) => [row.alias, row]));
    expect(resolveKeyword('nongyao 李白', aliases, [{ id: wz.game.id, name: '王者荣耀' }])).toEqual({
      runs: ['王者荣耀', '李白'],
      gameId: wz.game.id,
      impliedRuns: ['王者荣耀'],
    });
    expect(await admin.run(['aliases'])).toContain('nongyao');
    expect(await admin.run(['alias-remove', 'nongyao'])).toContain('nongyao');
    await expect(admin.run(['alias-remove', 'nongyao'])).rejects.toBeInstanceOf(AdminCommandError);
  });
});

describe(`search totals over many listings on ${databaseKind}`, () => {
  it('counts up to a cap and estimates beyond it (the UI shows 1万+), and pages deep by cursor', async () => {
    const db = t.database.db;
    const wz = await gameNamed(t, '王者荣耀');
    // Copies of listing A with their own ids and ranks: enough to pass the cap of 10,000.
    await db.execute(sql`insert into goods (seller_id, game_id, platform, partition_id, title, description, attrs,
        bindings, guarantees, screenshots, highlights, price, bargain, urgent, tags, status, rank_score, search_text, listed_at)
      select seller_id, game_id, platform, partition_id, title, description, attrs, bindings, guarantees, screenshots,
        highlights, price + n, bargain, urgent, tags, status, rank_score - n, search_text, listed_at
      from goods, generate_series(1, 10050) as n where id = ${ids.A}`);
    await db.execute(sql`analyze goods`);
    const broad = await search({ game_id: wz.game.id, page_size: 5 });
    expect(broad.data, JSON.stringify({ ...broad.data, list: [] })).toMatchObject({
      total: 10_000,
      total_capped: true,
    });
    const keyword = await search({ keyword: '凤求凰', page_size: 5 });
    expect(keyword.data?.total_capped || keyword.data?.total_is_estimate).toBe(true);
    expect(keyword.data?.total).toBeGreaterThanOrEqual(3000);
    const narrow = await search({ keyword: '玛莎拉蒂' });
    expect(narrow.data).toMatchObject({ total: 1, total_capped: false, total_is_estimate: false });
    let page = await search({ keyword: '凤求凰', sort: 'price_asc', page_size: 100 });
    const seen = new Set<number>();
    let last = 0;
    for (let step = 0; step < 3 && page.data; step++) {
      for (const item of page.data.list) {
        expect(Number(item.price)).toBeGreaterThanOrEqual(last);
        last = Number(item.price);
        seen.add(item.id);
      }
      page = await search({
        keyword: '凤求凰',
        sort: 'price_asc',
        page_size: 100,
        cursor: page.data.next_cursor ?? '',
      });
    }
    expect(seen.size).toBe(300);
  });
});
