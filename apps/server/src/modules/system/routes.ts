import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPaths, devOutboxQuerySchema, outboxMessageSchema } from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { recentSmsOf } from '../identity/index.ts';

const codeInMessage = /验证码是(\d{6})/;

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    apiPaths.health,
    {
      schema: {
        tags: ['system'],
        summary: '健康检查：数据库可用时应答',
        response: {
          200: envelopeOf(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    async () => {
      await app.database.ping();
      return ok({ status: 'ok' as const, database: app.database.kind });
    },
  );

  if (app.config.NODE_ENV === 'production') return;

  app.get(
    apiPaths.devSmsOutbox,
    {
      schema: {
        tags: ['dev'],
        summary: '开发环境：读取某手机号最近的短信（仅非生产环境）',
        querystring: devOutboxQuerySchema,
        response: { 200: envelopeOf(z.array(outboxMessageSchema)) },
      },
    },
    async (request) => {
      const rows = await recentSmsOf(app.db, request.query.phone, 10);
      return ok(
        rows.map((row) => ({
          id: row.id,
          phone: row.phone,
          scene: row.scene,
          content: row.content,
          code: codeInMessage.exec(row.content)?.[1] ?? '',
          created_at: row.createdAt.toISOString(),
        })),
      );
    },
  );
};
