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

// INCRBY for a batch of hits; the window starts with the key, as above.
const INCRBY_SCRIPT = `
  local current = redis.call('INCRBY', KEYS[1], ARGV[2])
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}
`;

/** A tally sends its hits to Redis once this many are waiting (of the limit, at least 1)… */
const BATCH_SHARE = 1 / 50;
/** …or on a hit this long after its last send. */
const SYNC_MS = 1_000;
const SWEEP_FROM = 10_000;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface Tally {
  /** The shared count as Redis last said, plus this instance's hits since. */
  current: number;
  /** Hits not sent to Redis yet. */
  pending: number;
  resetAt: number;
  sentAt: number;
  sending: boolean;
}

/**
 * The global per-address limit (every call without its own limit, all of which fail open), counted
 * in this instance and added to the shared Redis count in batches, so that no request waits on
 * Redis: a hit is judged at once against the shared count as of this instance's last send plus its
 * own hits since. A tally sends when `BATCH_SHARE` of the limit is waiting or `SYNC_MS` after its last
 * send, one send at a time. What other instances admitted and have not sent yet is the error: on one
 * instance the limit is exact; across N instances an address gets at most max + (N − 1) × 2 × batch
 * calls a window (batch = max / 50: 4 % more per further instance). With Redis down the count is
 * this instance's alone (it was none before). Money and login calls keep the strict store.
 */
class BatchedCounts {
  private readonly tallies = new Map<string, Tally>();
  private sweepAt = SWEEP_FROM;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
    const now = Date.now();
    let tally = this.tallies.get(key);
    if (!tally || now >= tally.resetAt) {
      if (this.tallies.size >= this.sweepAt) this.sweep(now);
      tally = { current: 0, pending: 0, resetAt: now + timeWindow, sentAt: 0, sending: false };
      this.tallies.set(key, tally);
    }
    tally.current += 1;
    tally.pending += 1;
    const batch = Math.max(1, Math.floor(max * BATCH_SHARE));
    if (!tally.sending && (tally.pending >= batch || now - tally.sentAt >= SYNC_MS)) {
      this.send(key, tally, timeWindow);
    }
    callback(null, { current: tally.current, ttl: tally.resetAt - now });
  }

  private send(key: string, tally: Tally, timeWindow: number) {
    const hits = tally.pending;
    tally.pending = 0;
    tally.sending = true;
    this.redis.eval(INCRBY_SCRIPT, 1, this.prefix + key, timeWindow, hits).then(
      (result) => {
        const [shared, ttl] = result as [number, number];
        tally.sending = false;
        tally.sentAt = Date.now();
        tally.current = shared + tally.pending;
        tally.resetAt = tally.sentAt + ttl;
      },
      () => {
        // Redis unreachable: keep counting here, and send these hits with the next ones.
        tally.sending = false;
        tally.sentAt = Date.now();
        tally.pending += hits;
      },
    );
  }

  /** Forgets the tallies of ended windows; the next sweep waits for twice as many tallies. */
  private sweep(now: number) {
    for (const [key, tally] of this.tallies)
      if (now >= tally.resetAt && !tally.sending) this.tallies.delete(key);
    this.sweepAt = Math.max(SWEEP_FROM, this.tallies.size * 2);
  }
}

/**
 * The plugin's store for the global limit (batched, above); routes with a limit of their own, which
 * include every fail-closed call, get a strict child: one INCR per request, whose failure is an
 * AppError(1030), thrown only where skipOnError is off.
 */
function redisStore(redis: Redis, namespace: string): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    private readonly batched = new BatchedCounts(redis, namespace);

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      this.batched.incr(key, callback, timeWindow, max);
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin passes the merged limit options, the route under `routeInfo`.
      const route =
        'routeInfo' in routeOptions ? (routeOptions.routeInfo as { method: string; url: string }) : undefined;
      return new StrictStore(route ? `${namespace}${route.method}${route.url}-` : namespace);
    }
  }

  class StrictStore implements FastifyRateLimitStore {
    constructor(private readonly prefix: string) {}

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      redis.eval(INCR_SCRIPT, 1, this.prefix + key, timeWindow).then(
        (result) => {
          const [current, ttl] = result as [number, number];
          callback(null, { current, ttl });
        },
        () => callback(new AppError(ErrorCodes.RATE_LIMIT_UNAVAILABLE)),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
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
