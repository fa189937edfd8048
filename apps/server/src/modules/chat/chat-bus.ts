import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, ServerFrame } from '@haoshi/contracts';

/**
 * What one instance tells every instance (itself included): a frame for some users' sockets
 * (`message` and `recall` carry the stored message, so delivery needs no database read), or that
 * sessions of these users ended, so each instance re-checks the sessions of the sockets it holds
 * for them and closes those whose session no longer holds.
 */
export type ChatEvent =
  { userIds: number[]; frame: ServerFrame } | { userIds: number[]; sessionsEnded: true };

/**
 * The fan-out between instances. `publish` delivers to this instance's listeners at once and, with
 * Redis, to the other instances through pub/sub. Pub/sub may drop events (an instance cut off from
 * Redis): nothing is lost for that, since clients resume from their last seq on every reconnect.
 */
export interface ChatBus {
  publish(event: ChatEvent): void;
  subscribe(listener: (event: ChatEvent) => void): void;
  close(): Promise<void>;
}

export function createLocalChatBus(): ChatBus {
  const listeners: Array<(event: ChatEvent) => void> = [];
  return {
    publish: (event) => {
      for (const listener of listeners) listener(event);
    },
    subscribe: (listener) => void listeners.push(listener),
    close: async () => undefined,
  };
}

function parseEvent(text: string): { sender: string; event: ChatEvent } | null {
  try {
    const value = JSON.parse(text) as { s?: unknown; e?: ChatEvent };
    if (typeof value.s !== 'string' || !value.e || !Array.isArray(value.e.userIds)) return null;
    return { sender: value.s, event: value.e };
  } catch {
    return null;
  }
}

const redisOptions = { connectTimeout: 2000, maxRetriesPerRequest: 1 };
const encodeEvent = (sender: string, event: ChatEvent) => JSON.stringify({ s: sender, e: event });

export async function createRedisChatBus(options: {
  url: string;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<ChatBus> {
  const { url, channel, log } = options;
  const self = randomUUID();
  const listeners: Array<(event: ChatEvent) => void> = [];
  const deliver = (event: ChatEvent) => {
    for (const listener of listeners) listener(event);
  };
  const publisher = new Redis(url, redisOptions);
  const subscriber = new Redis(url, redisOptions);
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => log.warn({ err: error }, 'chat bus: redis error'));
  }
  subscriber.on('message', (_channel: string, text: string) => {
    const parsed = parseEvent(text);
    if (parsed && parsed.sender !== self) deliver(parsed.event);
  });
  try {
    await subscriber.subscribe(channel);
  } catch (error) {
    // ioredis subscribes again when it reconnects; until then this instance delivers to its own sockets.
    log.error(
      { err: error },
      'chat bus: could not subscribe yet; other instances reach this one once Redis is back',
    );
  }
  return {
    publish(event) {
      deliver(event);
      publisher.publish(channel, encodeEvent(self, event)).catch((error: unknown) => {
        log.error({ err: error }, 'chat bus: could not tell the other instances');
      });
    },
    subscribe: (listener) => void listeners.push(listener),
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}

export function createChatBus(options: {
  redisUrl: string | undefined;
  channel: string;
  log: FastifyBaseLogger;
}): Promise<ChatBus> {
  return options.redisUrl
    ? createRedisChatBus({ url: options.redisUrl, channel: options.channel, log: options.log })
    : Promise.resolve(createLocalChatBus());
}

/**
 * The bus as a process that only tells the servers sees it (the admin command line): `publish` goes
 * to Redis, connected on first use, and nowhere without `redisUrl`; `close` waits until what was
 * published has reached Redis, so the process can exit right after.
 */
export function createChatPublisher(options: {
  redisUrl: string | undefined;
  channel: string;
  log: Pick<FastifyBaseLogger, 'error'>;
}): Pick<ChatBus, 'publish' | 'close'> {
  const self = randomUUID();
  let client: Redis | undefined;
  const sending: Promise<unknown>[] = [];
  return {
    publish(event) {
      if (!options.redisUrl) return;
      if (!client) {
        client = new Redis(options.redisUrl, redisOptions);
        client.on('error', (error: Error) => options.log.error({ err: error }, 'chat bus: redis error'));
      }
      sending.push(
        client.publish(options.channel, encodeEvent(self, event)).catch((error: unknown) => {
          options.log.error(
            { err: error },
            'chat bus: could not tell the servers; their sockets close at their next session check',
          );
        }),
      );
    },
    async close() {
      await Promise.all(sending);
      client?.disconnect();
    },
  };
}

/** Tells every instance that sessions of the user ended (each re-checks its sockets of the user). */
export const sessionsEndedEvent = (userId: number): ChatEvent => ({ userIds: [userId], sessionsEnded: true });

/** The frames a stored message makes for its conversation's members. */
export const messageEvent = (userIds: number[], message: ChatMessage): ChatEvent => ({
  userIds,
  frame: { type: 'message', message },
});
