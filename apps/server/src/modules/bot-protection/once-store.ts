import { Redis } from 'ioredis';

/**
 * Where single-use tokens and puzzles are marked used, and where a collector session is remembered
 * as having shown a person's touch: keys that expire by themselves. Redis when REDIS_URL is set (every
 * instance sees the same marks); otherwise this process's memory (one instance: development, tests).
 */
export interface OnceStore {
  /** Marks the key for ttl seconds; true only for the first caller while the mark lives. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  /** Sets the key for ttl seconds (a later set extends it). */
  remember(key: string, ttlSeconds: number): Promise<void>;
  has(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A map of key → expiry; expired entries are swept as new ones arrive (no timers). */
export function createMemoryOnceStore(now: () => Date): OnceStore {
  const expiries = new Map<string, number>();
  let sweepAt = 0;
  const live = (key: string, at: number) => (expiries.get(key) ?? 0) > at;
  const sweep = (at: number) => {
    if (expiries.size < 1000 || at < sweepAt) return;
    for (const [key, expiry] of expiries) if (expiry <= at) expiries.delete(key);
    sweepAt = at + 10_000;
  };
  return {
    claim(key, ttlSeconds) {
      const at = now().getTime();
      sweep(at);
      if (live(key, at)) return Promise.resolve(false);
      expiries.set(key, at + ttlSeconds * 1000);
      return Promise.resolve(true);
    },
    remember(key, ttlSeconds) {
      const at = now().getTime();
      sweep(at);
      expiries.set(key, at + ttlSeconds * 1000);
      return Promise.resolve();
    },
    has(key) {
      return Promise.resolve(live(key, now().getTime()));
    },
    close() {
      expiries.clear();
      return Promise.resolve();
    },
  };
}

/** SET NX EX: one instance wins a claim; the key leaves Redis when its time is up. */
export function createRedisOnceStore(
  url: string,
  namespace: string,
  onError: (error: Error) => void,
): OnceStore {
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  redis.on('error', onError);
  return {
    async claim(key, ttlSeconds) {
      return (await redis.set(`${namespace}${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async remember(key, ttlSeconds) {
      await redis.set(`${namespace}${key}`, '1', 'EX', ttlSeconds);
    },
    async has(key) {
      return (await redis.exists(`${namespace}${key}`)) === 1;
    },
    async close() {
      await redis.quit();
    },
  };
}
