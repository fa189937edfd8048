import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bargainCounterRequestSchema,
  bargainDetailSchema,
  bargainIdRequestSchema,
  bargainInfoQuerySchema,
  bargainInfoSchema,
  bargainListQuerySchema,
  bargainOfferRequestSchema,
  bargainPaths,
  bargainSchema,
  pageSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { BargainService } from './bargain-service.ts';

const tags = ['bargains'];

/** SPEC §7 bargain calls of /app/goods: offers, answers, the thread and both parties' lists. */
export const bargainRoutes: FastifyPluginAsyncZod<{ bargains: BargainService }> = async (
  app,
  { bargains },
) => {
  // Each offer is checked against the listing's private floor: the sensitive-call limit keeps it from being probed.
  const offerRateLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 };
  const answer = { config: { auth: 'required' as const }, schema: { tags, body: bargainIdRequestSchema } };

  app.post(
    bargainPaths.offer,
    {
      config: { auth: 'required', rateLimit: offerRateLimit },
      schema: {
        tags,
        summary: '买家出价（新议价，或卖家还价后重新出价）',
        body: bargainOfferRequestSchema,
        response: { 200: envelopeOf(bargainDetailSchema) },
      },
    },
    async (request) =>
      ok(await bargains.offer(requireAuth(request).user.id, request.body.goods_id, request.body.price)),
  );

  app.post(
    bargainPaths.counter,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '卖家还价',
        body: bargainCounterRequestSchema,
        response: { 200: envelopeOf(bargainDetailSchema) },
      },
    },
    async (request) =>
      ok(await bargains.counter(requireAuth(request).user.id, request.body.bargain_id, request.body.price)),
  );

  app.post(
    bargainPaths.agree,
    {
      ...answer,
      schema: {
        ...answer.schema,
        summary: '同意（卖家同意出价，或买家接受还价）',
        response: { 200: envelopeOf(bargainDetailSchema) },
      },
    },
    async (request) => ok(await bargains.agree(requireAuth(request).user.id, request.body.bargain_id)),
  );

  app.post(
    bargainPaths.reject,
    {
      ...answer,
      schema: {
        ...answer.schema,
        summary: '卖家拒绝出价',
        response: { 200: envelopeOf(bargainDetailSchema) },
      },
    },
    async (request) => ok(await bargains.reject(requireAuth(request).user.id, request.body.bargain_id)),
  );

  app.post(
    bargainPaths.cancel,
    {
      ...answer,
      schema: {
        ...answer.schema,
        summary: '买家取消议价',
        response: { 200: envelopeOf(bargainDetailSchema) },
      },
    },
    async (request) => ok(await bargains.cancel(requireAuth(request).user.id, request.body.bargain_id)),
  );

  app.post(
    bargainPaths.remove,
    {
      ...answer,
      schema: {
        ...answer.schema,
        summary: '从自己的列表删除已结束的议价',
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await bargains.remove(requireAuth(request).user.id, request.body.bargain_id);
      return ok(null);
    },
  );

  app.get(
    bargainPaths.info,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '一次议价，或我在某商品上的最近议价，以及能否出价',
        querystring: bargainInfoQuerySchema,
        response: { 200: envelopeOf(bargainInfoSchema) },
      },
    },
    async (request) => ok(await bargains.info(requireAuth(request).user.id, request.query)),
  );

  for (const [path, role, summary] of [
    [bargainPaths.buyerList, 'buyer', '我出的价'],
    [bargainPaths.sellerList, 'seller', '收到的议价'],
  ] as const) {
    app.get(
      path,
      {
        config: { auth: 'required' },
        schema: {
          tags,
          summary,
          querystring: bargainListQuerySchema,
          response: { 200: envelopeOf(pageSchema(bargainSchema)) },
        },
      },
      async (request) => ok(await bargains.list(requireAuth(request).user.id, role, request.query)),
    );
  }
};
