import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  chatCloseCodes,
  ErrorCodes,
  type ConversationResult,
  type Envelope,
  type LoginResponse,
  type OutboxMessage,
} from '@haoshi/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { createLocalChatBus, type ChatBus } from '../src/modules/chat/index.ts';
import { ledgerDatabase, type LedgerTestDatabase } from './helpers/ledger-db.ts';
import { databaseKind, freshDatabase, TestClock } from './helpers/test-app.ts';
import { connectChat, untilSeq, type ChatClient } from './helpers/chat-client.ts';
import { startServerProcess, type ServerProcess } from './helpers/server-process.ts';

/**
 * Chat across instances. (1) Two apps on one database deliver to each other's sockets: through
 * Redis when REDIS_URL is set, otherwise through one in-process bus they share. (2) A real server
 * process is killed with SIGKILL while a client streams messages; the clients reconnect to another
 * instance (on PostgreSQL a second process running all along; on PGlite, whose data directory one
 * process owns, a new process on the same directory) and nothing acknowledged is missing.
 */
const redisUrl = process.env.REDIS_URL;
const onPostgres = databaseKind === 'postgres';
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const text = (body: string) => ({ kind: 'text' as const, text: body });

function httpClient(base: string, ip: string) {
  let token = '';
  const request = async <T>(method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        'x-forwarded-for': ip,
        ...(token ? { authorization: token } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as Envelope<T>;
  };
  return {
    request,
    token: () => token,
    async login(phone: string) {
      await request('POST', '/app/sms', { phone, scene: 'login' });
      const outbox = await request<OutboxMessage[]>('GET', `/dev/outbox/sms?phone=${phone}`);
      const login = await request<LoginResponse>('POST', '/app/login', {
        phone,
        code: outbox.data?.[0]?.code,
      });
      if (!login.data) throw new Error(`login failed: ${JSON.stringify(login)}`);
      token = login.data.token;
      return login.data.user.id;
    },
  };
}

const baseOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

/** Two apps on one fresh database, listening, their buses joined (Redis, or one in-process bus). */
async function twoInstances() {
  const clock = new TestClock();
  const { handle, dispose, url } = await freshDatabase();
  const second = url ? openPostgres(url, 5) : handle;
  const channel = `test-chat-${randomBytes(6).toString('hex')}`;
  const shared: ChatBus | undefined = redisUrl ? undefined : createLocalChatBus();
  const start = async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      // These suites script their logins; bot protection has its own (bot-protection.test.ts).
      BOT_PROTECTION: 'off',
      WEB_DIST: '/nonexistent',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'haoshi-chat-')),
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      RATE_LIMIT_MAX: '100000',
      CACHE_BUS_CHANNEL: `${channel}:cache`,
      CHAT_BUS_CHANNEL: channel,
      ...(redisUrl ? { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: `${channel}:rl:` } : {}),
    });
    return config;
  };
  const one = await buildApp({
    config: await start(),
    database: handle,
    now: clock.now,
    ...(shared ? { chatBus: shared } : {}),
  });
  const two = await buildApp({
    config: await start(),
    database: second,
    now: clock.now,
    ...(shared ? { chatBus: shared } : {}),
  });
  cleanups.push(async () => {
    await Promise.all([one.close(), two.close()]);
    if (second !== handle) await second.close();
    await dispose();
  });
  await one.listen({ port: 0, host: '127.0.0.1' });
  await two.listen({ port: 0, host: '127.0.0.1' });
  return { one, two, clock };
}

describe(`chat on two instances (${databaseKind}, ${redisUrl ? 'Redis' : 'in-process'} bus)`, () => {
  it('delivers between sockets held by different instances, in order', async () => {
    const { one, two } = await twoInstances();
    const alice = httpClient(baseOf(one), '10.8.0.1');
    const bob = httpClient(baseOf(two), '10.8.0.2');
    await alice.login('13600000001');
    const bobId = await bob.login('13600000002');
    const opened = await alice.request<ConversationResult>('POST', '/app/chat/private', { user_id: bobId });
    const conversationId = opened.data?.conversation.id ?? 0;
    const a = await connectChat(baseOf(one), alice.token());
    const b = await connectChat(baseOf(two), bob.token());
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    for (let index = 1; index <= 20; index += 1) {
      a.send({
        type: 'send',
        conversation_id: conversationId,
        client_msg_id: `cross-a-${index}`,
        content: text(`跨实例${index}`),
      });
    }
    await untilSeq(b, conversationId, 20);
    expect(b.messages(conversationId).map((message) => message.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    b.send({
      type: 'send',
      conversation_id: conversationId,
      client_msg_id: 'cross-b-1',
      content: text('收到'),
    });
    await untilSeq(a, conversationId, 21);
    expect(a.messages(conversationId).at(-1)?.content).toEqual(text('收到'));
  }, 120_000);

  it('closes the sockets of a session ended on another instance', async () => {
    const { one, two, clock } = await twoInstances();
    const ended = async (socket: ChatClient) => {
      expect((await socket.closed).code).toBe(chatCloseCodes.unauthorized);
      expect(socket.frames.filter((frame) => frame.type === 'error')).toMatchObject([
        { err_code: ErrorCodes.SESSION_INVALID },
      ]);
    };
    // 其他设备下线 on instance one ends the session whose socket instance two holds.
    const lost = httpClient(baseOf(two), '10.8.0.3');
    await lost.login('13600000003');
    const lostSocket = await connectChat(baseOf(two), lost.token());
    clock.advance(61);
    const owner = httpClient(baseOf(one), '10.8.0.4');
    await owner.login('13600000003');
    const ownerSocket = await connectChat(baseOf(two), owner.token());
    cleanups.push(
      () => lostSocket.close(),
      () => ownerSocket.close(),
    );
    const revoked = await owner.request('POST', '/app/user/sessions/revoke_others');
    expect(revoked).toMatchObject({ err_code: 0, data: { revoked: 1 } });
    await ended(lostSocket);
    ownerSocket.send({ type: 'ping', t: 1 });
    await ownerSocket.next('pong', (frame) => frame.t === 1);

    // A logout on instance two closes the socket instance one holds.
    const leaving = httpClient(baseOf(two), '10.8.0.5');
    await leaving.login('13600000004');
    const leavingSocket = await connectChat(baseOf(one), leaving.token());
    cleanups.push(() => leavingSocket.close());
    expect(await leaving.request('POST', '/app/logout')).toMatchObject({ err_code: 0 });
    await ended(leavingSocket);
  }, 120_000);

  it('loses nothing when an instance is killed mid-stream: the clients resume on another', async () => {
    const database: LedgerTestDatabase = await ledgerDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-chat-kill-'));
    cleanups.push(async () => {
      await database.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    });
    // PGlite: the test's own handle must let go of nothing (the child opens its own data dir).
    const env: Record<string, string> = onPostgres
      ? {
          DATABASE_URL: database.url ?? '',
          ...(redisUrl
            ? { REDIS_URL: redisUrl, CHAT_BUS_CHANNEL: `kill-${randomBytes(4).toString('hex')}` }
            : {}),
        }
      : { DATA_DIR: dataDir };
    const first = await startServer(env);
    const second = onPostgres ? await startServer(env) : undefined;
    const alice = httpClient(first.base, '10.8.1.1');
    const bob = httpClient(first.base, '10.8.1.2');
    await alice.login('13600000011');
    const bobId = await bob.login('13600000012');
    const opened = await alice.request<ConversationResult>('POST', '/app/chat/private', { user_id: bobId });
    const conversationId = opened.data?.conversation.id ?? 0;

    let a: ChatClient = await connectChat(first.base, alice.token());
    let b: ChatClient = await connectChat(first.base, bob.token());
    const total = 24;
    const ids = Array.from({ length: total }, (_, index) => `killtest-${index + 1}`);
    const acked = new Set<string>();
    for (const [index, id] of ids.entries()) {
      if (index === 12) {
        first.child.kill('SIGKILL');
        await first.exited;
      }
      a.send({
        type: 'send',
        conversation_id: conversationId,
        client_msg_id: id,
        content: text(`第${index + 1}条`),
      });
      if (index < 12) acked.add((await a.next('sent', (frame) => frame.client_msg_id === id)).client_msg_id);
    }
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acked.size).toBe(12);
    const bobHeld = Math.max(0, ...b.messages(conversationId).map((message) => message.seq));
    const bobSoFar = b.messages(conversationId);
    await Promise.all([a.close(), b.close()]);

    // Reconnect to the other instance; Alice retries every send not acknowledged (same ids).
    const other = second ?? (await startServer(env));
    cleanups.push(() => other.stop());
    b = await connectChat(other.base, bob.token(), [{ conversation_id: conversationId, seq: bobHeld }]);
    a = await connectChat(other.base, alice.token(), [{ conversation_id: conversationId, seq: 0 }]);
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );
    for (const id of ids.filter((candidate) => !acked.has(candidate))) {
      a.send({ type: 'send', conversation_id: conversationId, client_msg_id: id, content: text(id) });
      await a.next('sent', (frame) => frame.client_msg_id === id);
    }
    await untilSeq(b, conversationId, total);
    const seen = [...bobSoFar, ...b.messages(conversationId)];
    const seqs = [...new Set(seen.map((message) => message.seq))].sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    const byClientId = new Map(seen.map((message) => [message.client_msg_id, message.seq]));
    for (const id of ids) expect(byClientId.has(id)).toBe(true);
    expect(new Set(seen.map((message) => message.client_msg_id)).size).toBe(total);
  }, 900_000);
});

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess({ env });
  cleanups.push(server.stop);
  return server;
}
