import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiPaths,
  areaDataSchema,
  homeIndexSchema,
  hotItemsSchema,
  hotQuerySchema,
  intelligencePageSchema,
  intelligenceQuerySchema,
  keywordQuerySchema,
  keywordsSchema,
  noticeDetailQuerySchema,
  noticeListQuerySchema,
  noticePageSchema,
  noticeSchema,
  topGamesSchema,
  topQuerySchema,
  topStoresSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import type { SearchService } from '../goods/index.ts';
import type { HomeService } from './home-service.ts';
import { AREA_DATA_VERSION, areaData } from './area-data.ts';

/** SPEC §7 Auth and miscellaneous: home, keywords, hot items, rankings, intelligence, notices, area data. */
export const homeRoutes: FastifyPluginAsyncZod<{ home: HomeService; search: SearchService }> = async (
  app,
  { home, search },
) => {
  const tags = ['home'];

  app.get(
    apiPaths.homeIndex,
    {
      schema: {
        tags,
        summary: '首页：轮播、游戏宫格、快捷入口、公告与热搜词',
        response: { 200: envelopeOf(homeIndexSchema) },
      },
    },
    async () => ok(await home.index()),
  );

  app.get(
    apiPaths.homeKeyword,
    {
      schema: {
        tags,
        summary: '热搜词；带 keyword 时返回联想（游戏与关键词，含匹配位置）',
        querystring: keywordQuerySchema,
        response: { 200: envelopeOf(keywordsSchema) },
      },
    },
    async (request) => ok(await home.keywords(request.query.keyword, request.query.game_id)),
  );

  app.get(
    apiPaths.homeHot,
    {
      schema: {
        tags,
        summary: '热门商品（按热度）',
        querystring: hotQuerySchema,
        response: { 200: envelopeOf(hotItemsSchema) },
      },
    },
    async (request) => ok({ list: await search.hot(request.query.game_id, request.query.limit) }),
  );

  app.get(
    apiPaths.topGame,
    {
      schema: {
        tags,
        summary: '游戏排行：在售数量与均价',
        querystring: topQuerySchema,
        response: { 200: envelopeOf(topGamesSchema) },
      },
    },
    async (request) => ok({ list: await home.topGames(request.query.limit) }),
  );

  app.get(
    apiPaths.topStore,
    {
      schema: {
        tags,
        summary: '店铺排行：成交量与评分',
        querystring: topQuerySchema,
        response: { 200: envelopeOf(topStoresSchema) },
      },
    },
    async (request) => ok({ list: await home.topStores(request.query.limit) }),
  );

  app.get(
    apiPaths.intelligence,
    {
      schema: {
        tags,
        summary: '资讯：列表，或带 id 时含正文的一篇',
        querystring: intelligenceQuerySchema,
        response: { 200: envelopeOf(intelligencePageSchema) },
      },
    },
    async (request) => ok(await home.intelligence(request.query)),
  );

  app.get(
    apiPaths.notice,
    {
      schema: {
        tags,
        summary: '公告列表（置顶在前）',
        querystring: noticeListQuerySchema,
        response: { 200: envelopeOf(noticePageSchema) },
      },
    },
    async (request) => ok(await home.notices(request.query)),
  );

  app.get(
    apiPaths.noticeDetail,
    {
      schema: {
        tags,
        summary: '公告详情',
        querystring: noticeDetailQuerySchema,
        response: { 200: envelopeOf(noticeSchema) },
      },
    },
    async (request) => ok(await home.notice(request.query.id)),
  );

  app.get(
    apiPaths.areaData,
    { schema: { tags, summary: '省市数据', response: { 200: envelopeOf(areaDataSchema) } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok({ version: AREA_DATA_VERSION, list: areaData });
    },
  );
};
