import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponHallSchema,
  couponListQuerySchema,
  couponListSchema,
  couponPaths,
  couponReceiveRequestSchema,
  couponReceiveResultSchema,
  newUserPackageSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { CatalogueService } from '../catalogue/index.ts';
import { claimNewUserPackage, claimTemplate } from './coupon-claims.ts';
import { couponHall, couponList, newUserPackage, toCoupon, type GameNames } from './coupon-queries.ts';
import { seedCouponTemplates } from './coupon-templates-seed.ts';

/**
 * SPEC §7 coupon calls (/app/coupon/new_user/main, /new_user/receive, /list) and the coupon hall's
 * own two (/app/coupon/hall, /app/coupon/receive; docs/decisions.md).
 */
export const couponRoutes: FastifyPluginAsyncZod<{ now: () => Date; catalogue: CatalogueService }> = async (
  app,
  { now, catalogue },
) => {
  const tags = ['coupons'];
  /** Names from the cached catalogue; a game it does not know yet means the cache is stale. */
  const gameNames = async (gameIds: ReadonlyArray<number | null> = []): Promise<GameNames> => {
    let lookup = await catalogue.lookup();
    if (gameIds.some((id) => id !== null && !lookup.byId.has(id))) {
      catalogue.invalidate();
      lookup = await catalogue.lookup();
    }
    const { byId } = lookup;
    return (gameId) => byId.get(gameId)?.game.name;
  };

  // After the demo seed of main.ts (which runs before listen), so game-scoped templates find their game.
  app.addHook('onReady', async () => {
    await seedCouponTemplates(app.db, { demo: app.config.SEED_DEMO });
  });

  app.get(
    couponPaths.newUserMain,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '新人礼包：包含的优惠券、是否还能领取',
        response: { 200: envelopeOf(newUserPackageSchema) },
      },
    },
    async (request) => ok(await newUserPackage(app.db, requireAuth(request).user, now(), gameNames)),
  );

  app.post(
    couponPaths.newUserReceive,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '一次领取整个新人礼包（每人一次）',
        response: { 200: envelopeOf(couponReceiveResultSchema) },
      },
    },
    async (request) => {
      const user = requireAuth(request).user;
      const at = now();
      const coupons = await app.db.transaction((tx) => claimNewUserPackage(tx, user, at));
      const names = await gameNames(coupons.map((row) => row.gameId));
      return ok({ coupons: coupons.map((row) => toCoupon(row, at, names)) });
    },
  );

  app.get(
    couponPaths.list,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我的优惠券（可使用 / 已使用 / 已过期，分页）',
        querystring: couponListQuerySchema,
        response: { 200: envelopeOf(couponListSchema) },
      },
    },
    async (request) =>
      ok(await couponList(app.db, requireAuth(request).user.id, request.query, now(), gameNames)),
  );

  app.get(
    couponPaths.hall,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '领券中心：可领取的优惠券与剩余数量',
        response: { 200: envelopeOf(couponHallSchema) },
      },
    },
    async (request) =>
      ok({ list: await couponHall(app.db, request.auth?.user.id ?? null, now(), gameNames) }),
  );

  app.post(
    couponPaths.receive,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '在领券中心领取一张优惠券（每种每人一张）',
        body: couponReceiveRequestSchema,
        response: { 200: envelopeOf(couponReceiveResultSchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const at = now();
      const coupon = await app.db.transaction((tx) =>
        claimTemplate(tx, userId, request.body.template_id, at),
      );
      return ok({ coupons: [toCoupon(coupon, at, await gameNames([coupon.gameId]))] });
    },
  );
};
