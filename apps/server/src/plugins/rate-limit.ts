import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ErrorCodes, messageFor } from '@haoshi/contracts';

/** In memory by default; shared through Redis across instances when REDIS_URL is set. */
export const rateLimitPlugin = fp(
  async (app) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
      ...(redis ? { redis, nameSpace: app.config.RATE_LIMIT_NAMESPACE } : {}),
      skipOnError: true,
      allowList: (request) => !request.url.startsWith('/app/') && !request.url.startsWith('/security/'),
      errorResponseBuilder: () => ({
        statusCode: 429,
        code: 'FST_RATE_LIMITED',
        message: messageFor(ErrorCodes.RATE_LIMITED),
      }),
    });
  },
  { name: 'rate-limit', dependencies: ['config'] },
);
