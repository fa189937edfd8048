import fp from 'fastify-plugin';
import { hmac } from '../../lib/crypto.ts';
import { botProtectionGate } from './gate.ts';
import { createMemoryOnceStore, createRedisOnceStore } from './once-store.ts';
import { createBuiltinBotProtection, type BotProtectionProvider } from './provider.ts';
import { botProtectionRoutes } from './routes.ts';

/**
 * Bot protection (docs/bot-protection.md): the built-in provider's endpoints, always served, and the
 * gate on the risky calls when BOT_PROTECTION=enforce (production and `npm start`; the server test
 * suites turn it off unless they test it). Registered before the modules whose calls it guards.
 */
export const botProtectionPlugin = fp<{ now: () => Date; provider?: BotProtectionProvider }>(
  async (app, options) => {
    const { config } = app;
    let provider = options.provider;
    if (!provider) {
      const store = config.REDIS_URL
        ? createRedisOnceStore(config.REDIS_URL, 'haoshi-bot:', (error) =>
            app.log.warn({ err: error }, 'bot protection: redis error'),
          )
        : createMemoryOnceStore(options.now);
      app.addHook('onClose', () => store.close());
      provider = createBuiltinBotProtection({
        // Its own key, derived: no further secret to configure.
        secret: hmac(config.SESSION_SECRET, 'bot-protection'),
        store,
        now: options.now,
      });
    }
    await app.register(botProtectionRoutes, { provider });
    if (config.BOT_PROTECTION === 'enforce') await app.register(botProtectionGate, { provider });
  },
  { name: 'bot-protection', dependencies: ['config'] },
);
