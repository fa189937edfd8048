import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPayoutMethodRequestSchema,
  changeQrCodeRequestSchema,
  payoutMethodIdRequestSchema,
  payoutMethodItemSchema,
  payoutMethodListSchema,
  payoutMethodPaths,
} from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { createPayoutMethodService, type PayoutMethodServiceDeps } from './payout-method-service.ts';

/** SPEC §7 /app/user/settle/*: the signed-in user's payout methods, always masked. */
export const payoutMethodRoutes: FastifyPluginAsyncZod<Omit<PayoutMethodServiceDeps, 'db'>> = async (
  app,
  deps,
) => {
  const service = createPayoutMethodService({ db: app.db, ...deps });

  app.get(
    payoutMethodPaths.list,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['payout-methods'],
        summary: '我的收款方式（账号脱敏）',
        response: { 200: envelopeOf(payoutMethodListSchema) },
      },
    },
    async (request) => ok(await service.list(requireAuth(request).user.id)),
  );

  app.post(
    payoutMethodPaths.add,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['payout-methods'],
        summary: '添加收款方式（需先实名；收款人须与实名一致；最多10个）',
        body: addPayoutMethodRequestSchema,
        response: { 200: envelopeOf(payoutMethodItemSchema) },
      },
    },
    async (request) => ok(await service.add(requireAuth(request).user.id, request.body)),
  );

  app.post(
    payoutMethodPaths.remove,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['payout-methods'],
        summary: '删除收款方式（处理中的提现或自动提现在用时不可删除）',
        body: payoutMethodIdRequestSchema,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await service.remove(requireAuth(request).user.id, request.body.id);
      return ok(null);
    },
  );

  app.post(
    payoutMethodPaths.changeQrCode,
    {
      config: { auth: 'required' },
      schema: {
        tags: ['payout-methods'],
        summary: '更换微信收款码',
        body: changeQrCodeRequestSchema,
        response: { 200: envelopeOf(payoutMethodItemSchema) },
      },
    },
    async (request) => {
      const { id, qr_image } = request.body;
      return ok(await service.changeQrCode(requireAuth(request).user.id, id, qr_image));
    },
  );
};
