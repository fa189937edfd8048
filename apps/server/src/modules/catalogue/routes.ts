import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiPaths,
  gameIdQuerySchema,
  gameSchema,
  gamesQuerySchema,
  partitionSchema,
  partitionsQuerySchema,
  publishPropertiesSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import type { CatalogueService } from './catalogue-service.ts';

/** SPEC §7 /app/goods/game, /game/partition and /publish/properties. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  app.get(
    apiPaths.goodsGames,
    {
      schema: {
        tags: ['catalogue'],
        summary: '可交易的游戏（可按平台筛选）',
        querystring: gamesQuerySchema,
        response: { 200: envelopeOf(z.object({ list: z.array(gameSchema) })) },
      },
    },
    async (request) => ok({ list: await catalogue.games(request.query.platform) }),
  );

  app.get(
    apiPaths.goodsPartitions,
    {
      schema: {
        tags: ['catalogue'],
        summary: '游戏的区服（可按平台筛选）',
        querystring: partitionsQuerySchema,
        response: { 200: envelopeOf(z.object({ list: z.array(partitionSchema) })) },
      },
    },
    async (request) => {
      const { partitions } = await catalogue.entry(request.query.game_id);
      const { platform } = request.query;
      return ok({
        list: platform ? partitions.filter((partition) => partition.platform === platform) : partitions,
      });
    },
  );

  app.get(
    apiPaths.goodsPublishProperties,
    {
      schema: {
        tags: ['catalogue'],
        summary: '发布商品的表单：游戏属性、绑定信息、包赔选项与截图数量',
        querystring: gameIdQuerySchema,
        response: { 200: envelopeOf(publishPropertiesSchema) },
      },
    },
    async (request) => ok(await catalogue.publishProperties(request.query.game_id)),
  );
};
