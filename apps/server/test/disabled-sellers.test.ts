import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ErrorCodes,
  goodsProcess,
  type Game,
  type Partition,
  type PublishProperties,
} from '@haoshi/contracts';
import { createAdminService } from '../src/modules/admin/admin-service.ts';
import { openAdminSessions } from '../src/modules/admin/admin-sessions.ts';
import {
  SHELVE_DISABLED_EVERY_SECONDS,
  SHELVED_FOR_DISABLED_SELLER,
} from '../src/modules/goods/disabled-sellers.ts';
import { goods } from '../src/modules/goods/tables.ts';
import { call, login } from './helpers/identity.ts';
import {
  createListingsApp,
  gameNamed,
  listOnSale,
  publish,
  publishBody,
  uploadScreenshots,
} from './helpers/listings.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let wz: { game: Game; properties: PublishProperties; partitions: Partition[] };

beforeAll(async () => {
  t = await createListingsApp();
  wz = await gameNamed(t, '王者荣耀');
});
afterAll(() => t.close());

/** A listing of `token`'s on sale. */
async function onSale(token: string, title: string) {
  return listOnSale(t, token, publishBody(wz, { title, screenshots: await uploadScreenshots(t, token, 2) }));
}

const statusOf = async (id: number) =>
  (await t.app.db.select({ status: goods.status }).from(goods).where(eq(goods.id, id)))[0]?.status;

/** Runs the jobs due once the sweep's period has passed. */
async function sweep() {
  t.clock.advance(SHELVE_DISABLED_EVERY_SECONDS);
  expect((await t.app.jobs.runDue()).failed).toBe(0);
}

describe(`a disabled seller's listings (${databaseKind})`, () => {
  it('leave the shelf at the next sweep, with the reason on their timeline; enabling restores nothing', async () => {
    const seller = await login(t.app, '13933330001');
    const other = await login(t.app, '13933330002');
    const buyer = await login(t.app, '13933330003');
    const listed = await onSale(seller.token, '王者荣耀 停用卖家 在售');
    const draft = await publish(t, seller.token, publishBody(wz, { title: '王者荣耀 停用卖家 草稿' }));
    const othersListing = await onSale(other.token, '王者荣耀 正常卖家');
    const ending = openAdminSessions(t.database.db, t.app.config, t.app.log);
    const admin = createAdminService(t.database.db, 'ops-dan', { sessions: ending.sessions });

    expect(await admin.run(['disable', String(seller.user.id), '售卖盗号账号'])).toContain('一分钟内下架');
    await sweep();

    expect(await statusOf(listed.id)).toBe('off_shelf');
    expect(await statusOf(draft.body.data?.id ?? 0)).toBe('draft');
    expect(await statusOf(othersListing.id)).toBe('on_sale');
    const timeline = await t.app.processes.timeline(t.app.db, goodsProcess, listed.id);
    expect(timeline.at(-1)).toMatchObject({
      action: 'shelf_off',
      actor_role: 'system',
      reason: SHELVED_FOR_DISABLED_SELLER,
    });
    const detail = await call(t.app, 'GET', `/app/goods/detail?goods_id=${listed.id}`, {
      token: buyer.token,
    });
    expect(detail.body.err_code).toBe(ErrorCodes.GOODS_NOT_FOUND);

    expect(await admin.run(['enable', String(seller.user.id)])).toContain('已启用');
    await sweep();
    expect(await statusOf(listed.id)).toBe('off_shelf');
    await ending.close();
  });

  it('catches a listing back on sale after the account was disabled (an order on it closed)', async () => {
    const seller = await login(t.app, '13933330004');
    const listing = await onSale(seller.token, '王者荣耀 回到在售');
    const admin = createAdminService(t.database.db, 'ops-dan', {
      sessions: { revokeAllOf: async () => 0, ended: () => undefined },
    });
    await t.app.db.update(goods).set({ status: 'locked' }).where(eq(goods.id, listing.id));
    await admin.run(['disable', '13933330004', '违规']);
    await sweep();
    expect(await statusOf(listing.id)).toBe('locked');
    await t.app.db.update(goods).set({ status: 'on_sale' }).where(eq(goods.id, listing.id));
    await sweep();
    expect(await statusOf(listing.id)).toBe('off_shelf');
  });
});
