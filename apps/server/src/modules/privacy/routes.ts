import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths, privacySettingsSchema, privacyUpdateSchema } from '@haoshi/contracts';
import { envelopeOf, ok } from '../../lib/envelope.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { privacyOf, updatePrivacy } from './privacy-service.ts';

const tags = ['privacy'];

/** SPEC §7 GET /app/user/privacy, and our POST to change a switch. */
export const privacyRoutes: FastifyPluginAsyncZod<{ now: () => Date }> = async (app, { now }) => {
  app.get(
    apiPaths.userPrivacy,
    {
      config: { auth: 'required' },
      schema: { tags, summary: '隐私设置', response: { 200: envelopeOf(privacySettingsSchema) } },
    },
    async (request) => ok(await privacyOf(app.db, requireAuth(request).user.id)),
  );

  app.post(
    apiPaths.userPrivacy,
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: '修改隐私设置（访客足迹、个性化推荐）',
        body: privacyUpdateSchema,
        response: { 200: envelopeOf(privacySettingsSchema) },
      },
    },
    async (request) => ok(await updatePrivacy(app.db, requireAuth(request).user.id, request.body, now())),
  );
};
