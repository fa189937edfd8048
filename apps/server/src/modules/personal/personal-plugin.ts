import type { FastifyPluginAsync } from 'fastify';
import type { DataExportSource } from '../../lib/data-export.ts';
import type { UploadService } from '../storage/index.ts';
import { createBindingService } from './binding-service.ts';
import { createBuiltinOauthProvider } from './builtin-oauth-provider.ts';
import { createDataExport } from './data-export-service.ts';
import { createNoticeSubscriptions } from './notice-subscriptions.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { personalExportSources } from './personal-export.ts';
import { createProfileService } from './profile-service.ts';
import { personalRoutes } from './routes.ts';
import { createDeviceSessions } from './session-service.ts';

/**
 * The personal centre (issue 13 A). `exportSources` are the other modules' shares of "my data",
 * gathered by the app from their index.ts; this module adds its own.
 */
export const personalPlugin: FastifyPluginAsync<{
  now: () => Date;
  uploads: UploadService;
  imageUrl: (key: string) => string;
  exportSources: readonly DataExportSource[];
}> = async (app, { now, uploads, imageUrl, exportSources }) => {
  const { db } = app;
  const secret = app.config.SESSION_SECRET;
  const oauth = createBuiltinOauthProvider({ db, secret, now });
  const bindings = createBindingService({ db, provider: oauth.provider, secret, now });
  await app.register(personalRoutes, {
    now,
    services: {
      profiles: createProfileService({ db, uploads, imageUrl, now }),
      sessions: createDeviceSessions({ db, now }),
      bindings,
      notices: createNoticeSubscriptions({ db, bindings, now }),
      exportOf: createDataExport({ db, sources: [...exportSources, ...personalExportSources], now }),
    },
  });
  await app.register(oauthRoutes, { oauth });
};
