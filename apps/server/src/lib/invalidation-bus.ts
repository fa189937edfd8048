import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

/** What a cache that must agree across instances listens to. */
export type InvalidationTopic = 'listings' | 'catalogue';

/**
 * Cache invalidation across instances: `publish` empties this instance's caches at once and tells
 * the others (through Redis pub/sub when REDIS_URL is set; otherwise there is only this instance).
 */
export interface InvalidationBus {
  publish(topic: InvalidationTopic): void;
  subscribe(topic: InvalidationTopic, listener: () => void): void;
  close(): Promise<void>;
}

function listenerRegistry() {
  const listeners = new Map<InvalidationTopic, Array<() => void>>();
  return {
    add(topic: InvalidationTopic, listener: () => void) {
      listeners.set(topic, [...(listeners.get(topic) ?? []), listener]);
    },
    run(topic: InvalidationTopic) {
      for (const listener of listeners.get(topic) ?? []) listener();
    },
    runAll() {
      for (const topic of listeners.keys()) this.run(topic);
    },
  };
}

export function createLocalInvalidationBus(): InvalidationBus {
  const listeners = listenerRegistry();
  return {
    publish: (topic) => listeners.run(topic),
    subscribe: (topic, listener) => listeners.add(topic, listener),
    close: async () => undefined,
  };
}

const topics: ReadonlySet<string> = new Set<InvalidationTopic>(['listings', 'catalogue']);

/**
 * Redis pub/sub on `channel`. A message names its sender, which ignores its own. Messages sent while
 * this instance was cut off from Redis are lost, so a reconnect empties every cache.
 */
export async function createRedisInvalidationBus(options: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<InvalidationBus> {
  const { url, channel, log } = options;
  const self = randomUUID();
  const listeners = listenerRegistry();
  const connection = { connectTimeout: 2000, maxRetriesPerRequest: 1 };
  const publisher = new Redis(url, connection);
  const subscriber = new Redis(url, connection);
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.warn({ err: error }, 'cache bus: redis error'));
  }
  subscriber.on('message', (_channel: string, message: string) => {
    const [sender, topic] = message.split(' ');
    if (sender !== self && topic && topics.has(topic)) listeners.run(topic as InvalidationTopic);
  });
  let connectedOnce = false;
  subscriber.on('ready', () => {
    if (connectedOnce) listeners.runAll();
    connectedOnce = true;
  });
  try {
    await subscriber.subscribe(channel);
  } catch (error) {
    log.error({ err: error }, 'cache bus: could not subscribe; other instances reach this one only by TTL');
  }
  return {
    publish(topic) {
      listeners.run(topic);
      publisher.publish(channel, `${self} ${topic}`).catch((error: unknown) => {
        log.error({ err: error, topic }, 'cache bus: could not tell the other instances');
      });
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

export function createInvalidationBus(options: {
  redisUrl: string | undefined;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<InvalidationBus> {
  return options.redisUrl
    ? createRedisInvalidationBus({ url: options.redisUrl, channel: options.channel, log: options.log })
    : Promise.resolve(createLocalInvalidationBus());
}
