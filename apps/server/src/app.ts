import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { brands, MAIN_PACKAGE } from '@haoshi/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { configPlugin } from './plugins/config.ts';
import { dbPlugin } from './plugins/db.ts';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { authPlugin } from './plugins/auth.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { webPlugin } from './plugins/web.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { paymentsPlugin } from './modules/payments/index.ts';
import { systemRoutes } from './modules/system/index.ts';
import {
  createBuiltinSecurityProvider,
  createDeviceService,
  createOutboxSmsProvider,
  createQrLoginService,
  createSessionService,
  createSmsService,
  identityExportSources,
  identityRoutes,
  type IdentityServices,
  type SmsProvider,
} from './modules/identity/index.ts';
import { feedbackExportSources, feedbackRoutes } from './modules/feedback/index.ts';
import {
  createListingsCore,
  createOrderListings,
  goodsExportSources,
  listingsPlugin,
} from './modules/goods/index.ts';
import {
  createOrderChatCards,
  createOrderProtocolSubjects,
  ordersExportSources,
  ordersPlugin,
} from './modules/orders/index.ts';
import { evaluationsPlugin } from './modules/evaluations/index.ts';
import { claimsPlugin } from './modules/claims/index.ts';
import { createHomeService, homeRoutes } from './modules/home/index.ts';
import { catalogueRoutes, createCatalogueService } from './modules/catalogue/index.ts';
import {
  createStorage,
  createUploadService,
  removeStoredObjects,
  REMOVE_STORED_OBJECTS_QUEUE,
  storageRoutes,
} from './modules/storage/index.ts';
import { sincerityRoutes } from './modules/sincerity/index.ts';
import { couponRoutes } from './modules/coupons/index.ts';
import { walletRoutes } from './modules/wallet/index.ts';
import { payoutMethodsInUse, withdrawalsPlugin } from './modules/withdrawals/index.ts';
import { createJobRunner } from './modules/jobs/index.ts';
import { createInvalidationBus, type InvalidationBus } from './lib/invalidation-bus.ts';
import { realNameRoutes, realNameServiceFor } from './modules/real-name/index.ts';
import { payoutMethodRoutes } from './modules/payout-methods/index.ts';
import { processPlugin } from './modules/process/index.ts';
import { esignPlugin } from './modules/esign/index.ts';
import { bargainsPlugin } from './modules/bargains/index.ts';
import { chatPlugin, type ChatBus } from './modules/chat/index.ts';
import { customerServicePlugin } from './modules/customer-service/index.ts';
import { personalPlugin } from './modules/personal/index.ts';
import { privacyExportSources, privacyRoutes } from './modules/privacy/index.ts';
import { ledgerExportSources } from './modules/ledger/index.ts';
import { notificationExportSources } from './modules/notifications/index.ts';
import {
  accountCancellationPlugin,
  createCancellationService,
} from './modules/account-cancellation/index.ts';
import { botProtectionPlugin } from './modules/bot-protection/index.ts';
import './types.ts';

z.config(z.locales.zhCN());

export interface AppOptions {
  config: Config;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  smsProvider?: SmsProvider;
  now?: () => Date;
  /** Tests may share one in-process bus between two apps; otherwise built from REDIS_URL. */
  invalidationBus?: InvalidationBus;
  /** Tests may share one in-process chat bus between two apps; otherwise built from REDIS_URL. */
  chatBus?: ChatBus;
}

const requestIdPattern = /^[\w.-]{8,64}$/;

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.sign'] },
    bodyLimit: config.BODY_LIMIT_BYTES,
    // Opening and migrating PGlite on a loaded 2-core machine can take longer than the 10 s default.
    pluginTimeout: 60_000,
    trustProxy: config.TRUST_PROXY,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && requestIdPattern.test(given) ? given : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Refusals before routing and from Node's HTTP parser are answered in the envelope too.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Hooks on every answer take a callback rather than being async: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });

  await app.register(configPlugin, { config });
  await app.register(dbPlugin, options.database ? { database: options.database } : {});
  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);

  const now = options.now ?? (() => new Date());
  // One job runner per app: modules declare their queues while registering; main.ts starts it.
  const jobs = createJobRunner({
    sql: app.database.sql,
    now,
    log: app.log,
    manualTime: Boolean(options.now),
  });
  app.decorate('jobs', jobs);
  app.addHook('onReady', () => jobs.prepare());
  app.addHook('onClose', () => jobs.stop());
  // One bus for the caches that must agree across instances (listings, catalogue).
  const bus =
    options.invalidationBus ??
    (await createInvalidationBus({
      redisUrl: config.REDIS_URL,
      channel: config.CACHE_BUS_CHANNEL,
      log: app.log,
    }));
  if (!options.invalidationBus) app.addHook('onClose', () => bus.close());
  const sessions = createSessionService({
    db: app.db,
    secret: config.SESSION_SECRET,
    ttlDays: config.SESSION_TTL_DAYS,
    rotateAfterSeconds: config.SESSION_ROTATE_AFTER_SECONDS,
    now,
  });
  const securityProvider = createBuiltinSecurityProvider(config.SECURITY_PROVIDER_SECRET, now);
  const identity: IdentityServices = {
    sessions,
    securityProvider,
    sms: createSmsService({
      db: app.db,
      provider:
        options.smsProvider ??
        createOutboxSmsProvider(app.log, { logContent: config.NODE_ENV !== 'production' }),
      secret: config.SESSION_SECRET,
      brandName: brands[MAIN_PACKAGE].name,
      now,
    }),
    qrLogin: createQrLoginService({
      db: app.db,
      secret: config.SESSION_SECRET,
      sessions,
      now,
    }),
    devices: createDeviceService({ db: app.db, provider: securityProvider }),
  };

  await app.register(rateLimitPlugin);
  await app.register(authPlugin, { sessions });
  await app.register(idempotencyPlugin, { now });
  await app.register(openApiPlugin);
  await app.register(botProtectionPlugin, { now });

  await app.register(processPlugin, { now, jobs });
  await app.register(systemRoutes);
  // Built before the identity routes: a login during the cooling-off withdraws the cancellation.
  const cancellation = createCancellationService({
    db: app.db,
    now,
    processes: app.processes,
    sms: identity.sms,
    sessions,
    jobs,
  });
  // Every login path (SMS, QR code) runs this hook through sessions.startLogin.
  sessions.onLogin(cancellation.withdrawOnLogin);
  await app.register(identityRoutes, { services: identity });
  // The composition root: every service below is built once, here, and handed to the modules.
  const storage = await createStorage(config);
  // Objects whose rows a transaction forgot (account cancellation's erasure), deleted after its commit.
  jobs.work<{ keys: string[] }>(REMOVE_STORED_OBJECTS_QUEUE, (job) =>
    removeStoredObjects(storage, job.data.keys),
  );
  const imageUrl = (key: string) => storage.provider.publicUrl(key);
  // One catalogue (and its cache) for the listings and the coupons that name games.
  const catalogue = createCatalogueService({ db: app.db, imageUrl, bus });
  const listings = createListingsCore({
    db: app.db,
    catalogue,
    imageUrl,
    bus,
    cacheMs: config.SEARCH_CACHE_MS,
    log: app.log,
  });
  const uploads = createUploadService({ db: app.db, provider: storage.provider, local: storage.local, now });
  const realName = realNameServiceFor(app, now);
  await app.register(catalogueRoutes, { catalogue });
  await app.register(homeRoutes, {
    home: createHomeService({ db: app.db, catalogue, imageUrl, cache: listings.cache }),
    search: listings.search,
  });
  await app.register(listingsPlugin, { now, catalogue, core: listings, uploads, imageUrl });
  await app.register(storageRoutes, { uploads, local: storage.local, cacheRoot: storage.cacheRoot });
  await app.register(walletRoutes, { now });
  await app.register(withdrawalsPlugin, { now });
  await app.register(paymentsPlugin, { now });
  await app.register(sincerityRoutes, { now });
  await app.register(couponRoutes, { now, catalogue });
  const orderListings = createOrderListings({
    db: app.db,
    processes: app.processes,
    catalogue,
    imageUrl,
    onChange: listings.onChange,
  });
  await app.register(ordersPlugin, { now, imageUrl, listings: orderListings });
  await app.register(evaluationsPlugin, { now, imageUrl });
  await app.register(claimsPlugin, { now, imageUrl, storage: storage.provider });
  await app.register(realNameRoutes, { now, sms: identity.sms, realName, sessions });
  await app.register(payoutMethodRoutes, { now, realName, methodsInUse: payoutMethodsInUse, imageUrl });
  await app.register(esignPlugin, { now, sms: identity.sms, uploads, storage: storage.provider });
  app.esign.registerSubjects(
    createOrderProtocolSubjects({ service: app.orders, listings: orderListings, processes: app.processes }),
  );
  await app.register(bargainsPlugin, { now, catalogue, imageUrl });
  await app.register(chatPlugin, {
    now,
    sessions,
    catalogue,
    imageUrl,
    orderCard: createOrderChatCards(orderListings),
    ...(options.chatBus ? { bus: options.chatBus } : {}),
  });
  // Customer service reaches its conversations through this port of the chat's public API.
  await app.register(customerServicePlugin, {
    now,
    chat: {
      open: async (userId) => (await app.chat.openServiceConversation(userId)).id,
      join: (conversationId, staffId) => app.chat.addMember(conversationId, staffId, 'staff'),
      leave: (conversationId, staffId) => app.chat.removeMember(conversationId, staffId),
      status: (conversationId, status) => app.chat.setStatus(conversationId, status),
      notice: async (conversationId, text) => {
        await app.chat.postConversationNotice(conversationId, text);
      },
      queueChanged: (staffIds) => app.chat.tell(staffIds, { type: 'service_queue' }),
    },
  });
  await app.register(feedbackRoutes, { now, uploads, imageUrl });
  await app.register(privacyRoutes, { now });
  await app.register(personalPlugin, {
    now,
    sessions,
    uploads,
    imageUrl,
    exportSources: [
      ...identityExportSources,
      ...privacyExportSources,
      ...goodsExportSources,
      ...ordersExportSources,
      ...ledgerExportSources,
      ...feedbackExportSources,
      ...notificationExportSources,
    ],
  });
  await app.register(accountCancellationPlugin, { now, cancellation });
  await app.register(webPlugin);
  return app;
}
