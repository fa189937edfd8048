import type { FastifyPluginAsync } from 'fastify';
import type { DataExportSource } from '../../lib/data-export.ts';
import type { SessionService } from '../identity/index.ts';
import { onNoticeWritten } from '../notifications/index.ts';
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
import { createBuiltinWxPushProvider, type WxPushProvider } from './wx-push-provider.ts';
import {
  createWxPushService,
  queueWxPush,
  WX_PUSH_DELIVER_EVERY_SECONDS,
  WX_PUSH_DELIVER_JOB,
} from './wx-push-service.ts';

/**
 * The personal centre (issue 13 A). `exportSources` are the other modules' shares of "my data",
 * gathered by the app from their index.ts; this module adds its own.
 */
export const personalPlugin: FastifyPluginAsync<{
  now: () => Date;
  sessions: SessionService;
  uploads: UploadService;
  imageUrl: (key: string) => string;
  exportSources: readonly DataExportSource[];
  /** Where WeChat pushes go; the built-in provider when not given. */
  wxPushProvider?: WxPushProvider;
}> = async (app, { now, sessions, uploads, imageUrl, exportSources, wxPushProvider }) => {
  const { db } = app;
  const secret = app.config.SESSION_SECRET;
  const oauth = createBuiltinOauthProvider({ db, secret, now });
  const bindings = createBindingService({ db, provider: oauth.provider, secret, now });
  // Every inbox notice of a subscribed topic queues a WeChat push in its own transaction; a
  // periodic job hands the queue to the push provider.
  onNoticeWritten('wx-push', queueWxPush);
  const pushes = createWxPushService({
    db,
    now,
    provider:
      wxPushProvider ??
      createBuiltinWxPushProvider(app.log, { logContent: app.config.NODE_ENV !== 'production' }),
  });
  app.jobs.work(WX_PUSH_DELIVER_JOB, () => pushes.deliverBacklog());
  app.jobs.schedule(WX_PUSH_DELIVER_JOB, WX_PUSH_DELIVER_EVERY_SECONDS);
  await app.register(personalRoutes, {
    now,
    services: {
      profiles: createProfileService({ db, uploads, imageUrl, now }),
      sessions: createDeviceSessions({ db, sessions, now }),
      bindings,
      notices: createNoticeSubscriptions({ db, bindings, pushes, now }),
      exportOf: createDataExport({ db, sources: [...exportSources, ...personalExportSources], now }),
    },
  });
  await app.register(oauthRoutes, { oauth });
};
