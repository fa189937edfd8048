import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  commentListQuerySchema,
  commentMainSchema,
  commentMainV2Schema,
  commentSchema,
  commentTagCountSchema,
  commentTargetSchema,
  detailQuerySchema,
  fromStoreQuerySchema,
  goodsDataSchema,
  goodsDetailSchema,
  goodsFilterRequestSchema,
  goodsIdQuerySchema,
  goodsListSchema,
  goodsPageSchema,
  goodsQrSchema,
  goodsQrStatusQuerySchema,
  goodsQrStatusSchema,
  goodsReportSchema,
  listHeaderRequestSchema,
  listHeaderSchema,
  pageSchema,
  recommendQuerySchema,
  saveStatusSchema,
} from '@haoshi/contracts';
import { z } from 'zod';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { SearchService } from './search-service.ts';
import type { GoodsService } from './goods-service.ts';
import type { InteractionService } from './interaction-service.ts';
import type { CommentService } from './comment-service.ts';
import { viewerOf } from './viewer.ts';
import { personalFeedGame } from './personal-feed.ts';

/** Fastify sends a string with a JSON content type as it is; the type provider only knows the object. */
const preSerialised = (json: string) =>
  json as unknown as z.infer<ReturnType<typeof envelopeOf<typeof goodsListSchema>>>;

export interface GoodsRouteServices {
  search: SearchService;
  goods: GoodsService;
  interactions: InteractionService;
  comments: CommentService;
}

/** SPEC §7 Goods (/app/goods): lists and search, detail, recommendations, comments, QR code, report. */
export const goodsRoutes: FastifyPluginAsyncZod<{ services: GoodsRouteServices }> = async (
  app,
  { services },
) => {
  const { search, goods, interactions, comments } = services;
  const tags = ['goods'];

  app.post(
    apiPaths.goodsListFilter,
    {
      schema: {
        tags,
        summary:
          '商品列表与搜索：关键词（标题、描述、属性）、游戏、区服、平台、价格、属性范围、标签；综合/最新/价格/热度排序',
        body: goodsFilterRequestSchema,
        response: { 200: envelopeOf(goodsListSchema) },
      },
    },
    // A cache hit costs a lookup and a send, not a schema pass over twenty listings; the contract
    // tests check this answer against goodsListSchema. `x-search-index` says whether this instance's
    // in-memory index is built yet (bench/search.ts waits for it).
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('x-search-index', search.indexReady() ? 'ready' : 'building')
        .send(preSerialised(await search.filterJson(request.body))),
  );

  app.post(
    apiPaths.goodsListHeader,
    {
      schema: {
        tags,
        summary: '列表页头部：游戏、排序、平台、区服、价格区间、标签与属性筛选项、在售数量',
        body: listHeaderRequestSchema,
        response: { 200: envelopeOf(listHeaderSchema) },
      },
    },
    async (request) => ok(await search.header(request.body)),
  );

  app.get(
    apiPaths.goodsDetail,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '商品详情（登录时记入足迹）',
        querystring: detailQuerySchema,
        response: { 200: envelopeOf(goodsDetailSchema) },
      },
    },
    async (request) =>
      ok(await goods.detail(request.query.goods_id, viewerOf(request), request.query.qr_ticket)),
  );

  app.get(
    apiPaths.goodsData,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '卖家编辑用的完整商品数据（含私密字段，仅本人）',
        querystring: goodsIdQuerySchema,
        response: { 200: envelopeOf(goodsDataSchema) },
      },
    },
    async (request) => ok(await goods.data(request.query.goods_id, requireAuth(request).user.id)),
  );

  app.get(
    apiPaths.goodsRecommend,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '推荐商品：首页信息流（登录且开启个性化推荐时按浏览足迹），或与某商品同游戏的商品',
        querystring: recommendQuerySchema,
        response: { 200: envelopeOf(goodsPageSchema) },
      },
    },
    async (request) => {
      const game = await personalFeedGame(app.db, request.auth?.user.id, request.query);
      return ok(
        await search.recommend(game === undefined ? request.query : { ...request.query, game_id: game }),
      );
    },
  );

  app.get(
    apiPaths.goodsRecommendFromStore,
    {
      schema: {
        tags,
        summary: '同店铺的其他在售商品',
        querystring: fromStoreQuerySchema,
        response: { 200: envelopeOf(goodsPageSchema) },
      },
    },
    async (request) => {
      const row = await goods.visible(request.query.goods_id);
      return ok(await search.fromStore(row.sellerId, row.id, request.query.page, request.query.page_size));
    },
  );

  app.get(
    apiPaths.goodsSaveStatus,
    {
      config: { auth: 'optional' },
      schema: {
        tags,
        summary: '收藏状态与收藏数',
        querystring: goodsIdQuerySchema,
        response: { 200: envelopeOf(saveStatusSchema) },
      },
    },
    async (request) => ok(await interactions.saveStatus(request.auth?.user.id, request.query.goods_id)),
  );

  app.get(
    apiPaths.goodsQrcode,
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: '商品二维码：手机扫码打开商品，页面可轮询扫码状态',
        querystring: goodsIdQuerySchema,
        response: { 200: envelopeOf(goodsQrSchema) },
      },
    },
    async (request) => ok(await goods.createQr(request.query.goods_id)),
  );

  app.get(
    apiPaths.goodsQrcodeStatus,
    {
      schema: {
        tags,
        summary: '商品二维码的扫码状态',
        querystring: goodsQrStatusQuerySchema,
        response: { 200: envelopeOf(goodsQrStatusSchema) },
      },
    },
    async (request) => ok(await goods.qrStatus(request.query.ticket)),
  );

  app.get(
    apiPaths.goodsReportDetail,
    {
      schema: {
        tags,
        summary: '验号报告：截图核验、换绑与实名、包赔等检查项',
        querystring: goodsIdQuerySchema,
        response: { 200: envelopeOf(goodsReportSchema) },
      },
    },
    async (request) => ok(await goods.report(request.query.goods_id)),
  );

  app.get(
    apiPaths.goodsCommentList,
    {
      schema: {
        tags,
        summary: '卖家的评价列表（可按标签筛选）',
        querystring: commentListQuerySchema,
        response: { 200: envelopeOf(pageSchema(commentSchema)) },
      },
    },
    async (request) => {
      const { tag, page, page_size, ...target } = request.query;
      return ok(await comments.page(target, tag, page, page_size));
    },
  );

  app.get(
    apiPaths.goodsCommentMain,
    {
      schema: {
        tags,
        summary: '评价概览：评分、好评率、标签与最新评价',
        querystring: commentTargetSchema,
        response: { 200: envelopeOf(commentMainSchema) },
      },
    },
    async (request) => {
      const { stars: _stars, ...summary } = await comments.summary(request.query);
      return ok(summary);
    },
  );

  app.get(
    apiPaths.goodsCommentMainV2,
    {
      schema: {
        tags,
        summary: '评价概览 v2：评分、好评率、标签与星级分布',
        querystring: commentTargetSchema,
        response: { 200: envelopeOf(commentMainV2Schema) },
      },
    },
    async (request) => {
      const { latest: _latest, ...summary } = await comments.summary(request.query);
      return ok(summary);
    },
  );

  app.get(
    apiPaths.goodsCommentTags,
    {
      schema: {
        tags,
        summary: '评价标签与数量',
        querystring: commentTargetSchema,
        response: { 200: envelopeOf(z.object({ list: z.array(commentTagCountSchema) })) },
      },
    },
    async (request) => ok({ list: (await comments.summary(request.query)).tags }),
  );
};
