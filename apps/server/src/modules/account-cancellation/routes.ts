import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountCancellationPaths,
  accountCancellationStates,
  accountCancelRequestSchema,
  accountCancelResultSchema,
  accountCancelStatusSchema,
  devAccountCancelElapseSchema,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import type { CancellationService } from './cancellation-service.ts';

/** SPEC §7 /app/user/destroy/status and /app/user/destroy, and a development-only clock step. */
export const accountCancellationRoutes: FastifyPluginAsyncZod<{ cancellation: CancellationService }> = async (
  app,
  { cancellation },
) => {
  app.get(
    accountCancellationPaths.status,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account-cancellation'],
        summary: '注销账号：申请状态与每项条件（未满足的附处理方式）',
        response: { 200: envelopeOf(accountCancelStatusSchema) },
      },
    },
    async (request) => ok(await cancellation.status(app.db, requireAuth(request).user.id)),
  );

  app.post(
    accountCancellationPaths.destroy,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['account-cancellation'],
        summary: '注销账号：申请（发送短信验证码）、验证码确认进入冷静期、撤销注销',
        body: accountCancelRequestSchema,
        response: { 200: envelopeOf(accountCancelResultSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (body.action === 'request') return ok(await cancellation.request(auth.user.id, request.ip));
      if (body.action === 'confirm')
        return ok(await cancellation.confirm(auth.user.id, auth.sessionId, body.code));
      return ok(await cancellation.withdraw(auth.user.id));
    },
  );

  if (app.config.NODE_ENV === 'production') return;

  app.post(
    accountCancellationPaths.devElapse,
    {
      schema: {
        tags: ['dev'],
        summary: '开发环境：立即结束某手机号账号的注销冷静期（仅非生产环境）',
        body: devAccountCancelElapseSchema,
        response: {
          200: envelopeOf(z.object({ state: z.enum([...accountCancellationStates, 'not_due', 'stale']) })),
        },
      },
    },
    async (request) => ok(await cancellation.elapseNow(request.body.phone)),
  );
};
