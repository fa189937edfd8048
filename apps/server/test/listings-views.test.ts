import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { GoodsDetail } from '@haoshi/contracts';
import { queryRows } from '../src/lib/sql-rows.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import {
  createListingsApp,
  gameNamed,
  listOnSale,
  publishBody,
  uploadScreenshots,
} from './helpers/listings.ts';

let t: TestApp;
let seller = '';
let reader = '';
let goodsId = 0;

beforeAll(async () => {
  t = await createListingsApp();
  const wz = await gameNamed(t, '王者荣耀');
  seller = (await login(t.app, '13933330001')).token;
  reader = (await login(t.app, '13933330002')).token;
  const shots = await uploadScreenshots(t, seller, 2);
  goodsId = (await listOnSale(t, seller, publishBody(wz, { screenshots: shots }))).id;
});
afterAll(() => t.close());

const view = (options: { token?: string; ip?: string } = {}) =>
  call<GoodsDetail>(t.app, 'GET', `/app/goods/detail?goods_id=${goodsId}`, options);

async function counters() {
  const [row] = await queryRows<{ views: number; heat: number }>(
    t.database.db,
    sql`select views, heat from goods where id = ${goodsId}`,
  );
  return row;
}

describe(`listing views count once per viewer and China day on ${databaseKind} (issue 9 E.10)`, () => {
  it('repeated and parallel requests of one reader count one view', async () => {
    const first = await view({ token: reader });
    expect(first.body.data?.views).toBe(1);
    await Promise.all(Array.from({ length: 10 }, () => view({ token: reader, ip: '10.7.0.9' })));
    expect((await view({ token: reader })).body.data?.views).toBe(1);
    expect(await counters()).toEqual({ views: 1, heat: 1 });
  });

  it('anonymous readers count once per address', async () => {
    for (let n = 0; n < 3; n++) await view({ ip: '10.7.0.1' });
    await view({ ip: '10.7.0.2' });
    expect(await counters()).toEqual({ views: 3, heat: 3 });
  });

  it('the owner’s own views never count', async () => {
    for (let n = 0; n < 3; n++) await view({ token: seller });
    expect(await counters()).toEqual({ views: 3, heat: 3 });
  });

  it('the same reader counts again on the next China day', async () => {
    t.clock.advance(24 * 3600);
    await view({ token: reader });
    await view({ token: reader });
    expect(await counters()).toEqual({ views: 4, heat: 4 });
  });

  it('a periodic job forgets the marks of past days, and a purged day cannot count again', async () => {
    const marks = async () =>
      (await queryRows<{ n: number }>(t.app.db, sql`select count(*)::int as n from goods_view_marks`))[0]?.n;
    const before = await marks();
    expect(before).toBeGreaterThan(0);
    t.clock.advance(3 * 24 * 3600);
    await view({ token: reader });
    expect(await marks()).toBe((before ?? 0) + 1);
    expect(await t.app.jobs.runDue()).toMatchObject({ failed: 0 });
    expect(await marks()).toBe(1);
    await view({ token: reader });
    expect(await counters()).toEqual({ views: 5, heat: 5 });
  });
});
