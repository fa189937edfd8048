import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  goodsDataSchema,
  goodsIdBodySchema,
  myGoodsItemSchema,
  myGoodsQuerySchema,
  pageSchema,
  publishRequestSchema,
  repriceRequestSchema,
  shelfRequestSchema,
  verifyScreenshotsRequestSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { PublishService } from './publish-service.ts';

/** The seller's side: publish and edit, re-price, submit for review, shelf on/off, my listings; staff verification. */
export const publishRoutes: FastifyPluginAsyncZod<{ publish: PublishService }> = async (app, { publish }) => {
  const tags = ['publish'];
  const data = { 200: envelopeOf(goodsDataSchema) };

  app.post(
    apiPaths.goodsPublish,
    {
      config: { auth: 'required', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '发布或编辑商品（草稿；submit=true 时同时提交审核）',
        body: publishRequestSchema,
        response: data,
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      return ok(await publish.publish({ id: user.id, nickname: user.nickname }, request.body));
    },
  );

  app.post(
    apiPaths.goodsSubmit,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '提交审核（自动审核通过即上架）', body: goodsIdBodySchema, response: data },
    },
    async (request) => ok(await publish.submit(requireAuth(request).user.id, request.body.goods_id)),
  );

  app.post(
    apiPaths.userGoodsShelf,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '上架或下架自己的商品', body: shelfRequestSchema, response: data },
    },
    async (request) =>
      ok(await publish.shelf(requireAuth(request).user.id, request.body.goods_id, request.body.action)),
  );

  app.post(
    apiPaths.userGoodsPrice,
    {
      config: { auth: 'required', rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '改价：修改自己商品的售价与原价（在售商品保持在售，无需重新审核）',
        body: repriceRequestSchema,
        response: data,
      },
    },
    async (request) => ok(await publish.reprice(requireAuth(request).user.id, request.body)),
  );

  app.get(
    apiPaths.userGoodsMine,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '我发布的商品（可按状态筛选）',
        querystring: myGoodsQuerySchema,
        response: { 200: envelopeOf(pageSchema(myGoodsItemSchema)) },
      },
    },
    async (request) => {
      const { status, page, page_size } = request.query;
      return ok(await publish.mine(requireAuth(request).user.id, status, page, page_size));
    },
  );

  app.post(
    apiPaths.goodsVerifyScreenshots,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '客服核验截图：通过后商品获得“官方截图”标签（客服或管理员）',
        body: verifyScreenshotsRequestSchema,
        response: data,
      },
    },
    async (request) =>
      ok(
        await publish.verifyScreenshots(
          requireAuth(request).user.id,
          request.body.goods_id,
          request.body.verified,
        ),
      ),
  );
};
