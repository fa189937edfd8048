import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  followedStoresSchema,
  pageQuerySchema,
  saveGoodsRequestSchema,
  saveGoodsResultSchema,
  savedGoodsPageSchema,
  subscribeQuerySchema,
  subscribeRequestSchema,
  subscribeResultSchema,
  visitorPageSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { InteractionService } from './interaction-service.ts';

/** SPEC §7 User: /save_goods, /visit, /visitor, /subscribe. */
export const userGoodsRoutes: FastifyPluginAsyncZod<{ interactions: InteractionService }> = async (
  app,
  { interactions },
) => {
  const tags = ['user'];
  const auth = { auth: 'required' } as const;

  app.get(
    apiPaths.userSaveGoods,
    {
      config: auth,
      schema: {
        tags,
        summary: '我的收藏',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(savedGoodsPageSchema) },
      },
    },
    async (request) =>
      ok(
        await interactions.favourites(
          requireAuth(request).user.id,
          request.query.page,
          request.query.page_size,
        ),
      ),
  );

  app.post(
    apiPaths.userSaveGoods,
    {
      config: auth,
      schema: {
        tags,
        summary: '收藏或取消收藏商品',
        body: saveGoodsRequestSchema,
        response: { 200: envelopeOf(saveGoodsResultSchema) },
      },
    },
    async (request) =>
      ok(await interactions.save(requireAuth(request).user.id, request.body.goods_id, request.body.save)),
  );

  app.get(
    apiPaths.userVisit,
    {
      config: auth,
      schema: {
        tags,
        summary: '我的足迹（看过的商品）',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(savedGoodsPageSchema) },
      },
    },
    async (request) =>
      ok(
        await interactions.footprints(
          requireAuth(request).user.id,
          request.query.page,
          request.query.page_size,
        ),
      ),
  );

  app.get(
    apiPaths.userVisitor,
    {
      config: auth,
      schema: {
        tags,
        summary: '我的访客（看过我商品的用户）',
        querystring: pageQuerySchema,
        response: { 200: envelopeOf(visitorPageSchema) },
      },
    },
    async (request) =>
      ok(
        await interactions.visitors(
          requireAuth(request).user.id,
          request.query.page,
          request.query.page_size,
        ),
      ),
  );

  app.get(
    apiPaths.userSubscribe,
    {
      config: auth,
      schema: {
        tags,
        summary: '我关注的店铺；带 seller_id 时同时回答是否已关注',
        querystring: subscribeQuerySchema,
        response: { 200: envelopeOf(followedStoresSchema) },
      },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const { seller_id, page, page_size } = request.query;
      const [stores, following] = await Promise.all([
        interactions.followedStores(userId, page, page_size),
        seller_id === undefined ? Promise.resolve(null) : interactions.following(userId, seller_id),
      ]);
      return ok({ ...stores, following });
    },
  );

  app.post(
    apiPaths.userSubscribe,
    {
      config: auth,
      schema: {
        tags,
        summary: '关注或取消关注店铺',
        body: subscribeRequestSchema,
        response: { 200: envelopeOf(subscribeResultSchema) },
      },
    },
    async (request) =>
      ok(
        await interactions.follow(requireAuth(request).user.id, request.body.seller_id, request.body.follow),
      ),
  );
};
