import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ErrorCodes, type CouponList } from '@haoshi/contracts';
import { createTemplate } from '../src/modules/coupons/coupon-claims.ts';
import { couponTemplates, userCoupons } from '../src/modules/coupons/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';

let t: TestApp;
beforeAll(async () => {
  warnIfNoPostgres('coupons-concurrency');
  t = await createTestApp();
});
afterAll(() => t.close());

async function hallTemplate(code: string, stockTotal: number) {
  const row = await createTemplate(t.app.db, {
    code,
    name: '并发测试券',
    channel: 'hall',
    amountOff: 5_00,
    validDays: 7,
    stockTotal,
  });
  if (!row) throw new Error('template not created');
  return row;
}

describe(`coupon claims under concurrency (${databaseKind})`, () => {
  it('one user claiming the new-user package 50 times at once gets it once', async () => {
    const { token, user } = await login(t.app, '13730000001');
    const results = await Promise.all(
      Array.from({ length: 50 }, () => call(t.app, 'POST', '/app/coupon/new_user/receive', { token })),
    );
    const codes = results.map((result) => result.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.COUPON_PACKAGE_CLAIMED)).toHaveLength(49);
    const held = await t.app.db.select().from(userCoupons).where(eq(userCoupons.userId, user.id));
    expect(held).toHaveLength(3);
  });

  it('one user claiming a hall coupon 50 times at once gets one', async () => {
    const { token, user } = await login(t.app, '13730000002');
    const row = await hallTemplate('race_one_user', 100);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, 'POST', '/app/coupon/receive', { token, body: { template_id: row.id } }),
      ),
    );
    const codes = results.map((result) => result.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === ErrorCodes.COUPON_ALREADY_CLAIMED)).toHaveLength(49);
    const [after] = await t.app.db.select().from(couponTemplates).where(eq(couponTemplates.id, row.id));
    expect(after?.claimed).toBe(1);
    const list = await call<CouponList>(t.app, 'GET', '/app/coupon/list', { token });
    expect(list.body.data?.list.filter((coupon) => coupon.template_id === row.id)).toHaveLength(1);
    expect(user.id).toBeGreaterThan(0);
  });

  it('never hands out more than the stock when many users race for it', async () => {
    const row = await hallTemplate('race_stock', 7);
    const tokens: string[] = [];
    for (let index = 0; index < 25; index++)
      tokens.push((await login(t.app, `1374000${String(index).padStart(4, '0')}`)).token);
    const results = await Promise.all(
      tokens.map((token) =>
        call(t.app, 'POST', '/app/coupon/receive', { token, body: { template_id: row.id } }),
      ),
    );
    const codes = results.map((result) => result.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(7);
    expect(codes.filter((code) => code === ErrorCodes.COUPON_OUT_OF_STOCK)).toHaveLength(18);
    const [after] = await t.app.db.select().from(couponTemplates).where(eq(couponTemplates.id, row.id));
    expect(after?.claimed).toBe(7);
    const coupons = await t.app.db.select().from(userCoupons).where(eq(userCoupons.templateId, row.id));
    expect(coupons).toHaveLength(7);
  });
});
