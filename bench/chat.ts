/**
 * Chat delivery on PostgreSQL through the real server (its own processes, as in production):
 *
 * 1. `--sockets` WebSockets held by one instance (each authenticated with `hello`), paired into
 *    private conversations; then `--rate` messages/s for `--seconds`, each sent by one side of a
 *    pair and timed until the other side receives it (stored with its seq before delivery);
 * 2. the same sockets and rate against a bare `ws` relay (`chat-relay.ts`: no database, no session,
 *    its own process) in the same run;
 * 3. the same across two instances, every pair split between them, delivered through Redis.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run chat -w @haoshi/bench
 *   … -- --sockets 10000 --rate 2000 --seconds 20      (defaults: 2000 sockets, 1000 msg/s, 10 s)
 *   … -- --cpu-prof /tmp/prof                            (profile the servers)
 *
 * Users, sessions and conversations are written directly for setup speed. A fresh database is created
 * next to DATABASE_URL's and dropped at the end. One process drives every socket, so on a small
 * machine the load generator's own event loop adds to the latencies measured.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import WebSocket from 'ws';
import { chatRules, type ServerFrame } from '@haoshi/contracts';
import { cpuMs } from './process-cpu.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/lib/sql-rows.ts';
import { createSessionService } from '../apps/server/src/modules/identity/session-service.ts';
import { productionEnv } from './production-env.ts';

const { values: args } = parseArgs({
  options: {
    sockets: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    port: { type: 'string', default: '8493' },
    /** Write a CPU profile of each server process (node --cpu-prof) into this directory. */
    'cpu-prof': { type: 'string', default: '' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const redisUrl = process.env.REDIS_URL;
const root = fileURLToPath(new URL('..', import.meta.url));
const socketCount = Math.max(2, Number(args.sockets) - (Number(args.sockets) % 2));
const rate = Number(args.rate);
const seconds = Number(args.seconds);
const ports = [Number(args.port), Number(args.port) + 1, Number(args.port) + 2];
const SESSION_SECRET = 'bench-session-secret-0123456789';

const name = `haoshi_bench_chat_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(databaseUrl);
benchUrl.pathname = `/${name}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const database = openPostgres(benchUrl.toString(), 10);
const { db } = database;
const servers: ChildProcess[] = [];

async function cleanup() {
  for (const server of servers) {
    if (server.exitCode !== null) continue;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const ms = (value: number) => Number(value.toFixed(1));
const rssMb = (child: ChildProcess | undefined) => {
  try {
    const line = readFileSync(`/proc/${child?.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/);
    return line ? Math.round(Number(line[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
};
const pause = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

// --- setup ------------------------------------------------------------------------------------------

async function setup(): Promise<{ tokens: string[]; conversations: number[] }> {
  await database.migrate();
  const users = await queryRows<{ id: string }>(
    db,
    sql`insert into users (phone, nickname)
        select '135' || lpad(g::text, 8, '0'), 'bench' || g from generate_series(1, ${socketCount}) g
        returning id`,
  );
  const ids = users.map((row) => Number(row.id));
  const pairs = socketCount / 2;
  const conversations = await queryRows<{ id: string }>(
    db,
    sql`insert into chat_conversations (type, pair_key, last_message_at, created_at)
        select 'private', 'bench:' || g, now(), now() from generate_series(1, ${pairs}) g returning id`,
  );
  const conversationIds = conversations.map((row) => Number(row.id));
  await db.execute(sql`
    insert into chat_members (conversation_id, user_id, role, joined_at)
    select c, u, 'member', now()
    from unnest(${`{${conversationIds.join(',')}}`}::bigint[], ${`{${ids.filter((_, i) => i % 2 === 0).join(',')}}`}::bigint[]) as p(c, u)
    union all
    select c, u, 'member', now()
    from unnest(${`{${conversationIds.join(',')}}`}::bigint[], ${`{${ids.filter((_, i) => i % 2 === 1).join(',')}}`}::bigint[]) as p(c, u)`);
  const sessions = createSessionService({
    db,
    secret: SESSION_SECRET,
    ttlDays: 30,
    rotateAfterSeconds: 86_400,
  });
  const tokens: string[] = new Array<string>(ids.length);
  for (let start = 0; start < ids.length; start += 100) {
    await Promise.all(
      ids.slice(start, start + 100).map(async (userId, offset) => {
        const { token } = await sessions.create(db, userId, { ip: '127.0.0.1', userAgent: 'bench/chat' });
        tokens[start + offset] = token;
      }),
    );
  }
  return { tokens, conversations: conversationIds };
}

function startServer(port: number, env: Record<string, string>): ChildProcess {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const child = spawn('node', [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...productionEnv({
        namespace: name,
        dataDir: mkdtempSync(join(tmpdir(), 'haoshi-bench-chat-')),
        sessionSecret: SESSION_SECRET,
      }),
      DATABASE_URL: benchUrl.toString(),
      PORT: String(port),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  servers.push(child);
  return child;
}

async function waitFor(url: string, server: ChildProcess) {
  for (let attempt = 0; attempt < 600; attempt++) {
    if (server.exitCode !== null)
      throw new Error(`the server exited (${server.exitCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await pause(200);
  }
  throw new Error(`${url} did not come up`);
}

// --- the bare relay ---------------------------------------------------------------------------------

/** The bare `ws` relay (`chat-relay.ts`) in its own process; resolves once it listens. */
function startBareRelay(port: number): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'chat-relay.ts', String(port)], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  servers.push(child);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare relay exited (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve(child);
    });
  });
}

// --- the load ---------------------------------------------------------------------------------------

interface Run {
  label: string;
  sockets: number;
  connectSeconds: number;
  sent: number;
  delivered: number;
  latencies: number[];
  rssMb: number[];
  /** The servers' CPU time (all instances) over the sending phase, per message sent. */
  cpuMsPerMessage: number;
}

/**
 * Opens every socket (socket i to urls[i % urls.length]), waits for `ready`, then sends `rate`
 * messages/s for `seconds` round-robin over the pairs and collects send→receive latencies.
 */
async function drive(
  label: string,
  urls: string[],
  hello: (index: number) => object,
  frameFor: (pair: number, seq: number, sentAt: number) => { from: number; data: string },
  receivedAt: (data: string, socketIndex: number) => number | null,
  processes: ChildProcess[],
): Promise<Run> {
  const sockets: WebSocket[] = [];
  const latencies: number[] = [];
  // Only this run's sends count (a reconnect's backlog holds earlier runs' messages).
  sentAtByMessage.clear();
  let delivered = 0;
  const connectStart = performance.now();
  for (let start = 0; start < socketCount; start += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, socketCount - start) }, (_, offset) => {
        const index = start + offset;
        return new Promise<void>((resolve, reject) => {
          const socket = new WebSocket(urls[index % urls.length] ?? '');
          sockets[index] = socket;
          socket.once('error', reject);
          socket.on('message', (data: Buffer) => {
            const text = data.toString('utf8');
            if (text.includes('"type":"ready"')) return resolve();
            const sentAt = receivedAt(text, index);
            if (sentAt !== null) {
              latencies.push(performance.now() - sentAt);
              delivered += 1;
            }
          });
          socket.once('open', () => socket.send(JSON.stringify(hello(index))));
        });
      }),
    );
  }
  const connectSeconds = (performance.now() - connectStart) / 1000;
  const rss = processes.map(rssMb);
  const pairs = socketCount / 2;
  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  let sent = 0;
  let owed = 0;
  let pair = 0;
  const end = performance.now() + seconds * 1000;
  let next = performance.now();
  const cpuBefore = processes.reduce((sum, child) => sum + cpuMs(child), 0);
  while (performance.now() < end) {
    owed += perTick;
    while (owed >= 1) {
      owed -= 1;
      sent += 1;
      const { from, data } = frameFor(pair, sent, performance.now());
      sockets[from]?.send(data);
      pair = (pair + 1) % pairs;
    }
    next += tickMs;
    await pause(Math.max(0, next - performance.now()));
  }
  // Stragglers: up to 5 s for the last deliveries.
  for (let waited = 0; waited < 5000 && delivered < sent; waited += 100) await pause(100);
  const cpuMsPerMessage = processes.length
    ? (processes.reduce((sum, child) => sum + cpuMs(child), 0) - cpuBefore) / sent
    : Number.NaN;
  for (const socket of sockets) socket.terminate();
  return {
    label,
    sockets: socketCount,
    connectSeconds,
    sent,
    delivered,
    latencies,
    rssMb: rss,
    cpuMsPerMessage,
  };
}

function report(run: Run) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      run: run.label,
      sockets: run.sockets,
      connect_s: ms(run.connectSeconds),
      rate_per_s: rate,
      seconds,
      sent: run.sent,
      delivered: run.delivered,
      p50_ms: ms(percentile(sorted, 50)),
      p99_ms: ms(percentile(sorted, 99)),
      max_ms: ms(sorted.at(-1) ?? Number.NaN),
      server_rss_mb: run.rssMb,
      server_cpu_ms_per_msg: Number(run.cpuMsPerMessage.toFixed(3)),
    }),
  );
}

// Each conversation's seq per pair, so the app's frames can be matched to their send time.
const sentAtByMessage = new Map<string, { sentAt: number; to: number }>();
const appFrame = (tokens: string[], conversations: number[]) => ({
  hello: (index: number) => ({ type: 'hello', token: tokens[index], last_seqs: [] }),
  frameFor: (pair: number, seq: number, sentAt: number) => {
    // Alternate sides so neither user of a pair passes the per-user send limit.
    const from = pair * 2 + (seq % 2);
    const clientMsgId = `bench-${seq}-${randomBytes(3).toString('hex')}`;
    // The sender's own sockets get the message too (for its other devices): only the partner's counts.
    sentAtByMessage.set(clientMsgId, { sentAt, to: pair * 2 + ((seq + 1) % 2) });
    return {
      from,
      data: JSON.stringify({
        type: 'send',
        conversation_id: conversations[pair],
        client_msg_id: clientMsgId,
        content: { kind: 'text', text: '你好，这个号还在吗' },
      }),
    };
  },
  receivedAt: (data: string, socketIndex: number) => {
    const frame = JSON.parse(data) as ServerFrame;
    if (frame.type !== 'message' || !frame.message.client_msg_id) return null;
    const sent = sentAtByMessage.get(frame.message.client_msg_id);
    if (!sent || sent.to !== socketIndex) return null;
    // At-least-once delivery: a message counts once however often it arrives.
    sentAtByMessage.delete(frame.message.client_msg_id);
    return sent.sentAt;
  },
});

try {
  const perUserLimit = (chatRules.sendsPerWindow / chatRules.sendWindowSeconds) * socketCount;
  if (rate > perUserLimit) {
    console.warn(
      `rate ${rate}/s exceeds the per-user send limit over ${socketCount} users (${perUserLimit}/s)`,
    );
  }
  console.log(
    `chat bench: ${socketCount} sockets, ${rate} msg/s, ${seconds} s; ${cpus().length} cores, load ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  );
  const { tokens, conversations } = await setup();
  const frames = appFrame(tokens, conversations);

  const one = startServer(ports[0] ?? 0, redisUrl ? { REDIS_URL: redisUrl } : {});
  await waitFor(`http://127.0.0.1:${ports[0]}/healthz`, one);
  report(
    await drive(
      'app, one instance',
      [`ws://127.0.0.1:${ports[0]}/app/chat/ws`],
      frames.hello,
      frames.frameFor,
      frames.receivedAt,
      [one],
    ),
  );

  const relay = await startBareRelay(ports[2] ?? 0);
  report(
    await drive(
      'bare ws relay',
      [`ws://127.0.0.1:${ports[2]}`],
      (index) => ({ type: 'hello', id: index }),
      (pair, seq, sentAt) => {
        const from = pair * 2 + (seq % 2);
        const to = pair * 2 + ((seq + 1) % 2);
        return { from, data: JSON.stringify({ type: 'send', id: from, to, t: sentAt }) };
      },
      (data) => {
        const frame = JSON.parse(data) as { t?: number };
        return frame.t ?? null;
      },
      [relay],
    ),
  );
  relay.kill('SIGTERM');

  if (redisUrl) {
    const two = startServer(ports[1] ?? 0, { REDIS_URL: redisUrl });
    await waitFor(`http://127.0.0.1:${ports[1]}/healthz`, two);
    report(
      await drive(
        'app, two instances through Redis (each pair split)',
        [`ws://127.0.0.1:${ports[0]}/app/chat/ws`, `ws://127.0.0.1:${ports[1]}/app/chat/ws`],
        frames.hello,
        frames.frameFor,
        frames.receivedAt,
        [one, two],
      ),
    );
  } else {
    console.log('REDIS_URL unset: the two-instance run is left out');
  }
} finally {
  await cleanup();
}
