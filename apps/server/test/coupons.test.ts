import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ErrorCodes,
  type CouponHall,
  type CouponList,
  type CouponReceiveResult,
  type NewUserPackage,
} from '@haoshi/contracts';
import { seedCatalogue } from '../src/modules/catalogue/catalogue-service.ts';
import { games } from '../src/modules/catalogue/tables.ts';
import { users } from '../src/modules/identity/tables.ts';
import { createTemplate } from '../src/modules/coupons/coupon-claims.ts';
import { lockCoupon, redeemCoupon, releaseCoupon } from '../src/modules/coupons/coupon-order-service.ts';
import { couponTemplates } from '../src/modules/coupons/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';

let t: TestApp;
let wzry = 0;
let ys = 0;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalogue(t.app.db);
  const rows = await t.app.db.select({ id: games.id, name: games.name }).from(games);
  wzry = rows.find((row) => row.name === '王者荣耀')?.id ?? 0;
  ys = rows.find((row) => row.name === '原神')?.id ?? 0;
});
afterAll(() => t.close());

async function user(phone: string) {
  const session = await login(t.app, phone);
  return { token: session.token, id: session.user.id };
}

let templates = 0;
async function template(overrides: Partial<Parameters<typeof createTemplate>[1]> = {}) {
  templates += 1;
  const row = await createTemplate(t.app.db, {
    code: `test_${templates}`,
    name: `测试券${templates}`,
    channel: 'hall',
    amountOff: 10_00,
    threshold: 100_00,
    validDays: 7,
    stockTotal: 100,
    ...overrides,
  });
  if (!row) throw new Error('template not created');
  return row;
}

const receive = (token: string, templateId: unknown) =>
  call<CouponReceiveResult>(t.app, 'POST', '/app/coupon/receive', {
    token,
    body: { template_id: templateId },
  });
const list = async (token: string, status = 'usable') =>
  (await call<CouponList>(t.app, 'GET', `/app/coupon/list?status=${status}`, { token })).body;

describe(`coupons (${databaseKind})`, () => {
  it('needs a session for everything but the hall', async () => {
    for (const [method, url] of [
      ['GET', '/app/coupon/new_user/main'],
      ['POST', '/app/coupon/new_user/receive'],
      ['GET', '/app/coupon/list'],
      ['POST', '/app/coupon/receive'],
    ] as const) {
      const { body } = await call(t.app, method, url, method === 'POST' ? { body: { template_id: 1 } } : {});
      expect(body.err_code, url).toBe(ErrorCodes.LOGIN_REQUIRED);
    }
    const hall = await call<CouponHall>(t.app, 'GET', '/app/coupon/hall');
    expect(hall.body.err_code).toBe(0);
    expect(hall.body.data?.list.every((row) => !row.claimed_by_me)).toBe(true);
  });

  it('hands the new-user package out whole, once', async () => {
    const a = await user('13720000001');
    const main = await call<NewUserPackage>(t.app, 'GET', '/app/coupon/new_user/main', { token: a.token });
    expect(main.body.data).toMatchObject({
      claimed: false,
      can_claim: true,
      reason: null,
      total_amount_off: '75.00',
    });
    expect(
      main.body.data?.templates.map((row) => [row.amount_off, row.threshold, row.validity_label]),
    ).toEqual([
      ['5.00', '0.00', '领取后7天内有效'],
      ['20.00', '200.00', '领取后15天内有效'],
      ['50.00', '1000.00', '领取后30天内有效'],
    ]);

    const claimed = await call<CouponReceiveResult>(t.app, 'POST', '/app/coupon/new_user/receive', {
      token: a.token,
    });
    expect(claimed.body.err_code).toBe(0);
    expect(claimed.body.data?.coupons.map((row) => row.amount_off)).toEqual(['5.00', '20.00', '50.00']);
    expect(claimed.body.data?.coupons[0]).toMatchObject({ state: 'usable', scope_label: '全部游戏' });

    const before = await rowCounts(t.app.db);
    const again = await call(t.app, 'POST', '/app/coupon/new_user/receive', { token: a.token });
    expect(again.body).toMatchObject({
      err_code: ErrorCodes.COUPON_PACKAGE_CLAIMED,
      message: '你已领取过新人礼包',
    });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    const after = await call<NewUserPackage>(t.app, 'GET', '/app/coupon/new_user/main', { token: a.token });
    expect(after.body.data).toMatchObject({ claimed: true, can_claim: false, reason: '你已领取过新人礼包' });
    expect((await list(a.token)).data?.counts).toEqual({ usable: 3, used: 0, expired: 0 });
  });

  it('keeps the new-user package for users registered within 30 days', async () => {
    const a = await user('13720000002');
    const longAgo = new Date(t.clock.now().getTime() - 31 * 86_400_000);
    await t.app.db.update(users).set({ createdAt: longAgo }).where(eq(users.id, a.id));
    const main = await call<NewUserPackage>(t.app, 'GET', '/app/coupon/new_user/main', { token: a.token });
    expect(main.body.data).toMatchObject({ can_claim: false, reason: '新人礼包仅限注册30天内的新用户领取' });
    const before = await rowCounts(t.app.db);
    const refused = await call(t.app, 'POST', '/app/coupon/new_user/receive', { token: a.token });
    expect(refused.body).toMatchObject({
      err_code: ErrorCodes.COUPON_NOT_NEW_USER,
      message: '新人礼包仅限注册30天内的新用户领取',
    });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
  });

  it('claims a hall coupon once per user and shows the stock left', async () => {
    const a = await user('13720000003');
    const row = await template({ stockTotal: 3, gameId: wzry, name: '王者专享' });
    const first = await receive(a.token, row.id);
    expect(first.body.data?.coupons[0]).toMatchObject({
      name: '王者专享',
      scope_label: '仅限王者荣耀',
      threshold: '100.00',
    });
    const before = await rowCounts(t.app.db);
    const again = await receive(a.token, row.id);
    expect(again.body).toMatchObject({
      err_code: ErrorCodes.COUPON_ALREADY_CLAIMED,
      message: '你已领取过该优惠券',
    });
    expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    const hall = await call<CouponHall>(t.app, 'GET', '/app/coupon/hall', { token: a.token });
    expect(hall.body.data?.list.find((entry) => entry.id === row.id)).toMatchObject({
      stock_total: 3,
      stock_left: 2,
      claimed_by_me: true,
    });
  });

  it('refuses bad, unknown and non-hall templates in Chinese, writing nothing', async () => {
    const a = await user('13720000004');
    const [newUser] = await t.app.db
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.channel, 'new_user'));
    const inactive = await template();
    await t.app.db.update(couponTemplates).set({ active: false }).where(eq(couponTemplates.id, inactive.id));
    const cases: Array<[unknown, number]> = [
      ['abc', ErrorCodes.VALIDATION_FAILED],
      [-1, ErrorCodes.VALIDATION_FAILED],
      [undefined, ErrorCodes.VALIDATION_FAILED],
      [999_999, ErrorCodes.COUPON_NOT_FOUND],
      [newUser?.id, ErrorCodes.COUPON_NOT_CLAIMABLE],
      [inactive.id, ErrorCodes.COUPON_NOT_CLAIMABLE],
    ];
    for (const [templateId, code] of cases) {
      const before = await rowCounts(t.app.db);
      const result = await receive(a.token, templateId);
      expect(result.body.err_code, String(templateId)).toBe(code);
      expect(result.body.message).toMatch(/[\u4e00-\u9fa5]/);
      expect(countChanges(before, await rowCounts(t.app.db))).toEqual({});
    }
    const bad = await call(t.app, 'GET', '/app/coupon/list?status=lost', { token: a.token });
    expect(bad.body.err_code).toBe(ErrorCodes.VALIDATION_FAILED);
    expect(bad.body.message).toContain('优惠券状态无效');
  });

  it('sorts coupons into usable, used and expired', async () => {
    const a = await user('13720000005');
    const short = await template({ validDays: 1, amountOff: 3_00, threshold: 0 });
    const long = await template({ validDays: 30, amountOff: 8_00, threshold: 0 });
    const toUse = await template({ validDays: 30, amountOff: 6_00, threshold: 0 });
    const ids: Record<string, number> = {};
    for (const [name, row] of Object.entries({ short, long, toUse })) {
      ids[name] = (await receive(a.token, row.id)).body.data?.coupons[0]?.id ?? 0;
    }
    await t.app.db.transaction(async (tx) => {
      const now = t.clock.now();
      await lockCoupon(tx, a.id, ids.toUse ?? 0, { orderId: 'O-USE', amount: 50_00, gameId: wzry, now });
      await redeemCoupon(tx, a.id, ids.toUse ?? 0, { orderId: 'O-USE', now });
    });
    t.clock.advance(2 * 86_400);
    try {
      const usable = await list(a.token, 'usable');
      expect(usable.data?.list.map((row) => row.amount_off)).toEqual(['8.00']);
      expect(usable.data?.counts).toEqual({ usable: 1, used: 1, expired: 1 });
      expect((await list(a.token, 'used')).data?.list.map((row) => [row.amount_off, row.state])).toEqual([
        ['6.00', 'used'],
      ]);
      expect((await list(a.token, 'expired')).data?.list.map((row) => [row.amount_off, row.state])).toEqual([
        ['3.00', 'expired'],
      ]);
    } finally {
      t.clock.advance(-2 * 86_400);
    }
  });

  it('locks, redeems and releases per order with every rule checked', async () => {
    const a = await user('13720000006');
    const b = await user('13720000007');
    const scoped = await template({ gameId: ys, amountOff: 20_00, threshold: 200_00, validDays: 5 });
    const later = await template({
      validDays: undefined,
      validFrom: new Date(t.clock.now().getTime() - 3_600_000),
      validUntil: new Date(t.clock.now().getTime() + 10 * 86_400_000),
      amountOff: 5_00,
      threshold: 0,
    });
    const couponId = (await receive(a.token, scoped.id)).body.data?.coupons[0]?.id ?? 0;
    const fixedId = (await receive(a.token, later.id)).body.data?.coupons[0]?.id ?? 0;
    const now = t.clock.now();
    const attempt = (
      userId: number,
      id: number,
      input: { orderId: string; amount: number; gameId: number },
      at: Date = now,
    ) => t.app.db.transaction((tx) => lockCoupon(tx, userId, id, { ...input, now: at }));

    await expect(
      attempt(b.id, couponId, { orderId: 'O-1', amount: 300_00, gameId: ys }),
    ).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_NOT_FOUND,
    });
    await expect(
      attempt(a.id, couponId, { orderId: 'O-1', amount: 300_00, gameId: wzry }),
    ).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_SCOPE_MISMATCH,
    });
    await expect(
      attempt(a.id, couponId, { orderId: 'O-1', amount: 199_99, gameId: ys }),
    ).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_THRESHOLD_NOT_MET,
      message: '订单金额须满200.00元才能使用该优惠券',
    });
    await expect(
      attempt(
        a.id,
        couponId,
        { orderId: 'O-1', amount: 300_00, gameId: ys },
        new Date(now.getTime() + 6 * 86_400_000),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.COUPON_EXPIRED });
    await expect(
      attempt(
        a.id,
        fixedId,
        { orderId: 'O-9', amount: 300_00, gameId: ys },
        new Date(now.getTime() - 2 * 3_600_000),
      ),
    ).rejects.toMatchObject({ errCode: ErrorCodes.COUPON_NOT_STARTED });
    await expect(attempt(a.id, fixedId, { orderId: 'O-9', amount: 5_00, gameId: ys })).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_THRESHOLD_NOT_MET,
    });

    const locked = await attempt(a.id, couponId, { orderId: 'O-1', amount: 300_00, gameId: ys });
    expect(locked).toMatchObject({ discount: 20_00, coupon: { status: 'locked', orderId: 'O-1' } });
    const replay = await attempt(a.id, couponId, { orderId: 'O-1', amount: 300_00, gameId: ys });
    expect(replay.coupon.lockedAt).toEqual(locked.coupon.lockedAt);
    await expect(
      attempt(a.id, couponId, { orderId: 'O-2', amount: 300_00, gameId: ys }),
    ).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_IN_USE,
    });
    expect((await list(a.token)).data?.list.find((row) => row.id === couponId)?.state).toBe('locked');

    const tx = <T>(work: Parameters<typeof t.app.db.transaction<T>>[0]) => t.app.db.transaction(work);
    await expect(tx((db) => releaseCoupon(db, b.id, couponId, { orderId: 'O-1' }))).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_NOT_FOUND,
    });
    await expect(tx((db) => redeemCoupon(db, b.id, couponId, { orderId: 'O-1', now }))).rejects.toMatchObject(
      {
        errCode: ErrorCodes.COUPON_NOT_FOUND,
      },
    );
    await expect(tx((db) => releaseCoupon(db, a.id, couponId, { orderId: 'O-2' }))).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_IN_USE,
    });
    const released = await tx((db) => releaseCoupon(db, a.id, couponId, { orderId: 'O-1' }));
    expect(released).toMatchObject({ status: 'usable', orderId: null });
    expect((await tx((db) => releaseCoupon(db, a.id, couponId, { orderId: 'O-1' }))).status).toBe('usable');
    await expect(tx((db) => redeemCoupon(db, a.id, couponId, { orderId: 'O-1', now }))).rejects.toMatchObject(
      {
        errCode: ErrorCodes.COUPON_STATE_INVALID,
      },
    );

    await attempt(a.id, couponId, { orderId: 'O-3', amount: 250_00, gameId: ys });
    const used = await tx((db) => redeemCoupon(db, a.id, couponId, { orderId: 'O-3', now }));
    expect(used.status).toBe('used');
    expect((await tx((db) => redeemCoupon(db, a.id, couponId, { orderId: 'O-3', now }))).usedAt).toEqual(
      used.usedAt,
    );
    await expect(tx((db) => releaseCoupon(db, a.id, couponId, { orderId: 'O-3' }))).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_STATE_INVALID,
    });
    await expect(
      attempt(a.id, couponId, { orderId: 'O-4', amount: 300_00, gameId: ys }),
    ).rejects.toMatchObject({
      errCode: ErrorCodes.COUPON_STATE_INVALID,
    });
  });

  it("never lists another user's coupons", async () => {
    const a = await user('13720000008');
    const b = await user('13720000009');
    const row = await template();
    await receive(a.token, row.id);
    for (const status of ['usable', 'used', 'expired']) {
      const mine = await list(b.token, status);
      expect(mine.data?.total, status).toBe(0);
    }
    expect((await list(a.token)).data?.total).toBe(1);
  });
});
