import fp from 'fastify-plugin';
import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import {
  apiPaths,
  couponPaths,
  ErrorCodes,
  messageFor,
  paymentPaths,
  sincerityPaths,
  walletPaths,
  withdrawalPaths,
} from '@haoshi/contracts';
import { AppError } from '../lib/errors.ts';

/**
 * Calls that move money or log someone in: when the shared limit cannot be counted (Redis down) they
 * are refused (1030) rather than let through unlimited. Every other call fails open.
 */
export const failClosedPaths: ReadonlySet<string> = new Set([
  paymentPaths.rechargeExchange,
  paymentPaths.rechargeProxy,
  withdrawalPaths.withdraw,
  walletPaths.transfer,
  sincerityPaths.pay,
  sincerityPaths.payRecovery,
  couponPaths.newUserReceive,
  couponPaths.receive,
  apiPaths.sms,
  apiPaths.login,
  apiPaths.qrTicketCreate,
  apiPaths.qrAuth,
]);

// INCR, and start the window on the first hit (what @fastify/rate-limit's own Redis store does).
const INCR_SCRIPT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {current, redis.call('PTTL', KEYS[1])}
`;

/** A Redis store whose failure is an AppError(1030), thrown only where skipOnError is off. */
function redisStore(redis: Redis, namespace: string): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = namespace,
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      redis.eval(INCR_SCRIPT, 1, this.prefix + key, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        () => callback(new AppError(ErrorCodes.RATE_LIMIT_UNAVAILABLE)),
      );
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes the merged limit options, the route under `routeInfo`.
      const route =
        'routeInfo' in routeOptions ? (routeOptions.routeInfo as { method: string; url: string }) : undefined;
      return new Store(undefined, route ? `${this.prefix}${route.method}${route.url}-` : this.prefix);
    }
  }
  return Store;
}

/** In memory by default; shared through Redis across instances when REDIS_URL is set. */
export const rateLimitPlugin = fp(
  async (app) => {
    const redis = app.config.REDIS_URL
      ? new Redis(app.config.REDIS_URL, { connectTimeout: 2000, maxRetriesPerRequest: 1, lazyConnect: false })
      : undefined;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit: redis error'));
      app.addHook('onClose', async () => redis.disconnect());
    }
    // Before the rate-limit plugin's own onRoute hook, which reads the route's rateLimit config.
    app.addHook('onRoute', (route) => {
      if (!failClosedPaths.has(route.url)) return;
      const own = route.config?.rateLimit;
      if (own === false) return;
      route.config = { ...route.config, rateLimit: { ...(own || {}), skipOnError: false } };
    });
    await app.register(rateLimit, {
      global: true,
      max: app.config.RATE_LIMIT_MAX,
      timeWindow: app.config.RATE_LIMIT_WINDOW_MS,
      ...(redis ? { store: redisStore(redis, app.config.RATE_LIMIT_NAMESPACE) } : {}),
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
