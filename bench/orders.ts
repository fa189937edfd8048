/**
 * Orders on PostgreSQL through the real server's HTTP API (its own process, as in production):
 *
 * 1. place + pay from the wallet (`POST /app/order/build/business` then `/app/order/data/v2`), many
 *    buyers buying many distinct listings, at a few concurrency levels;
 * 2. a hot listing raced by 200 buyers at once (one order, the others refused 4703), over N listings
 *    after one cold race (the bursts' 200 connections opened), which is reported apart;
 * 3. the bare ledger in the same run: one posting per transaction through the posting service, from
 *    this process, at the same concurrency levels (random buyer pairs; buyer → one hot system account;
 *    buyer → escrow, spread over its accounts as the orders' pays are);
 * 4. the floor at the same levels: the cheapest signed-in request (`GET /app/user/info`), since an
 *    order is two signed-in calls;
 * 5. timers falling due: the pay timers the paid orders left behind (each goes stale: its order is
 *    paid) are made due at once, and the server's job runner drains them (jobs/s, CPU per job).
 *
 * Then checkLedger, and the escrow account against the sum of the orders' escrow.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run orders -w @haoshi/bench
 *   … -- --seconds 10 --levels 4,16,64 --buyers 2000 --races 20 --racers 200    (defaults)
 *   … -- --cpu-prof /tmp/prof                                                (profile the server)
 *   … -- --processes 2                          (SERVER_PROCESSES: server processes sharing the port)
 *   … -- --scenarios orders                     (only these of floor,orders,ledger,race,timers)
 *
 * Buyers, sellers, sessions, wallet top-ups (ledger postings) and listings are written directly for
 * setup speed. A fresh database is created next to DATABASE_URL's and dropped at the end.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { Agent, request as httpRequest } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql, sum } from 'drizzle-orm';
import { apiPaths, ErrorCodes } from '@haoshi/contracts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { postgresErrorOf, queryRows } from '../apps/server/src/lib/sql-rows.ts';
import { seedCatalogue } from '../apps/server/src/modules/catalogue/catalogue-service.ts';
import { createSessionService } from '../apps/server/src/modules/identity/session-service.ts';
import { checkLedger, formatLedgerReport, ledger } from '../apps/server/src/modules/ledger/index.ts';
import { ESCROW_SHARDS, type AccountRef } from '../apps/server/src/modules/ledger/accounts.ts';
import { orders } from '../apps/server/src/modules/orders/tables.ts';
import { cpuMs, postgresCpuMs, redisCpuMs } from './process-cpu.ts';
import { productionEnv } from './production-env.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    /** Concurrent place+pay loops (HTTP connections) of each level. */
    levels: { type: 'string', default: '4,16,64' },
    buyers: { type: 'string', default: '2000' },
    sellers: { type: 'string', default: '100' },
    /** Listings on sale for the place+pay runs (each is bought once). */
    listings: { type: 'string', default: '30000' },
    races: { type: 'string', default: '20' },
    racers: { type: 'string', default: '200' },
    port: { type: 'string', default: '8393' },
    /** Server processes sharing the port (SERVER_PROCESSES). */
    processes: { type: 'string', default: '1' },
    /** Write a CPU profile of the server (node --cpu-prof) into this directory. */
    'cpu-prof': { type: 'string', default: '' },
    /**
     * The server as production runs it: the compiled `apps/server/dist` (`npm run build:server`
     * first) on this Node binary (e.g. `$(npx -y node@22 -p process.execPath)`); by default the
     * TypeScript sources on this process's Node.
     */
    'server-node': { type: 'string', default: '' },
    /** Which phases run: floor, orders (place+pay), ledger, race, timers; all by default. */
    scenarios: { type: 'string', default: 'floor,orders,ledger,race,timers' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(args.seconds);
const levels = args.levels.split(',').map(Number);
const buyerCount = Number(args.buyers);
const sellerCount = Number(args.sellers);
const listingCount = Number(args.listings);
const raceCount = Number(args.races);
const racerCount = Number(args.racers);
const scenarios = new Set(args.scenarios.split(','));
const origin = `http://127.0.0.1:${args.port}`;
const PRICE_FEN = 10_000;
const SESSION_SECRET = 'bench-session-secret-0123456789';

const name = `haoshi_bench_orders_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(databaseUrl);
benchUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-bench-orders-'));
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create database ${name}`);
// At most 64 connections of the bare ledger's own (PostgreSQL's max_connections is 100, and the
// server's pools need theirs): at more loops than that, the loops share them.
const BENCH_CONNECTIONS = 64;
const database = openPostgres(benchUrl.toString(), Math.min(Math.max(...levels), BENCH_CONNECTIONS));
const { db } = database;

let server: ChildProcess | undefined;
async function cleanup() {
  agent.destroy();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database.close();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

// --- measuring --------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
const ms = (value: number) => Number(value.toFixed(1));

/** CPU time (user + system) this process (the load generator, and the bare ledger's client) has used, in ms. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Answer {
  errCode: number;
  data: Record<string, unknown> | null;
}

/**
 * Keep-alive connections for the calls: `fetch` (undici) cost this process ~2 ms of CPU per request
 * on this machine, as much as the server's work it measures, on the same two cores; node:http costs
 * a fraction of that. One socket per concurrent call (the race sends 200 at once).
 */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One JSON call to the server as a logged-in user: a POST with `body`, or a GET without. */
function call(token: string, path: string, body?: object, idempotencyKey?: string): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      `${origin}${path}`,
      {
        method: payload === undefined ? 'GET' : 'POST',
        agent,
        headers: {
          authorization: token,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
              err_code: number;
              data: Record<string, unknown> | null;
            };
            resolve({ errCode: envelope.err_code, data: envelope.data });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

// --- setup ------------------------------------------------------------------------------------------

async function insertUsers(howMany: number, prefix: string): Promise<number[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into users (phone, nickname)
        select ${prefix} || lpad(g::text, 7, '0'), 'bench' || g from generate_series(1, ${howMany}) g
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

async function insertListings(sellerIds: number[], howMany: number): Promise<number[]> {
  const [partition] = await queryRows<{ id: number; game_id: number; platform: string }>(
    db,
    sql`select id, game_id, platform from game_partitions order by id limit 1`,
  );
  if (!partition) throw new Error('no catalogue seeded');
  const rows = await queryRows<{ id: string }>(
    db,
    sql`insert into goods (seller_id, game_id, platform, partition_id, title, attrs, bindings, guarantees,
          screenshots, highlights, price, tags, status, listed_at)
        select (${`{${sellerIds.join(',')}}`}::bigint[])[1 + g % ${sellerIds.length}], ${partition.game_id},
          ${partition.platform}, ${partition.id}, '压测账号 ' || g, '{}', '{}', '{basic,extended}', '{}', '{}',
          ${PRICE_FEN}, '{}', 'on_sale', now()
        from generate_series(1, ${howMany}) g
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}

/** Each buyer's wallet topped up through the ledger (a manual credit, as `npm run admin -- credit`). */
async function topUp(userIds: number[], fen: number) {
  for (let start = 0; start < userIds.length; start += 1000) {
    const chunk = userIds.slice(start, start + 1000);
    await db.transaction((tx) =>
      ledger.postMany(
        tx,
        chunk.map((userId) => ({
          debit: { kind: 'adjustments' } as const,
          credit: { kind: 'user_available', userId } as const,
          amount: fen,
          kind: 'manual.credit',
          reference: { type: 'bench', id: 'top-up' },
          idempotencyKey: `bench:top-up:${userId}`,
          metadata: { reason: '压测充值', actor: 'bench' },
        })),
      ),
    );
  }
}

async function sessionsOf(userIds: number[]): Promise<Map<number, string>> {
  const sessions = createSessionService({
    db,
    secret: SESSION_SECRET,
    ttlDays: 30,
    rotateAfterSeconds: 86_400,
  });
  const tokens = new Map<number, string>();
  for (let start = 0; start < userIds.length; start += 50) {
    await Promise.all(
      userIds.slice(start, start + 50).map(async (userId) => {
        const { token } = await sessions.create(db, userId, { ip: '127.0.0.1', userAgent: 'bench/orders' });
        tokens.set(userId, token);
      }),
    );
  }
  return tokens;
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** The server answers listing searches from SQL until its in-memory index is built: wait for it,
 *  so that the build does not fall into the measured runs. */
async function waitForIndex() {
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await fetch(`${origin}/app/goods/list/filter`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"page_size":1}',
    });
    if (answer.headers.get('x-search-index') === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the search index was not built in two minutes');
}

const serverRuntime =
  args['server-node'] === ''
    ? `TypeScript sources on Node ${process.versions.node}`
    : `compiled on Node ${execFileSync(args['server-node'], ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()}`;

function startServer(): ChildProcess {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const compiled = args['server-node'] !== '';
  const entry = compiled
    ? ['--conditions=haoshi-dist', 'apps/server/dist/main.js']
    : ['--import', 'tsx', 'apps/server/src/main.ts'];
  const child = spawn(compiled ? args['server-node'] : 'node', [...profile, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      ...productionEnv({ namespace: name, dataDir, sessionSecret: SESSION_SECRET }),
      DATABASE_URL: benchUrl.toString(),
      PORT: args.port,
      SERVER_PROCESSES: args.processes,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

// --- 1. place + pay ---------------------------------------------------------------------------------

interface Row {
  scenario: string;
  'ops/s': number;
  ops: number;
  'p50 ms': number | string;
  'p95 ms': number | string;
  'p99 ms': number | string;
  'server CPU ms/op': number | string;
  'PostgreSQL CPU ms/op': number;
  'Redis CPU ms/op': number;
  'bench CPU ms/op': number;
  failed: number;
}

/** Wall clock and CPU (the server's, this process's, PostgreSQL's, Redis's) over one measured phase. */
interface Reading {
  elapsed: number;
  serverCpu: number;
  benchCpu: number;
  postgresCpu: number;
  redisCpu: number;
}

/** Starts measuring a phase; `read()` answers what it took so far. */
function startMeter(): { begin: number; read: () => Reading } {
  const serverBefore = cpuMs(server);
  const benchBefore = ownCpuMs();
  const postgresBefore = postgresCpuMs();
  const redisBefore = redisCpuMs();
  const begin = performance.now();
  return {
    begin,
    read: () => ({
      elapsed: (performance.now() - begin) / 1000,
      serverCpu: cpuMs(server) - serverBefore,
      benchCpu: ownCpuMs() - benchBefore,
      postgresCpu: postgresCpuMs() - postgresBefore,
      redisCpu: redisCpuMs() - redisBefore,
    }),
  };
}

const rowOf = (
  scenario: string,
  ops: number,
  latencies: number[],
  failed: number,
  reading: Reading,
  options: { serverCpu: boolean } = { serverCpu: true },
): Row => {
  const sorted = latencies.sort((a, b) => a - b);
  const perOp = (total: number) => ms(total / Math.max(ops, 1));
  return {
    scenario,
    'ops/s': Math.round(ops / reading.elapsed),
    ops,
    // A phase without latencies of its own (the timers) shows none.
    'p50 ms': sorted.length > 0 ? ms(percentile(sorted, 50)) : '',
    'p95 ms': sorted.length > 0 ? ms(percentile(sorted, 95)) : '',
    'p99 ms': sorted.length > 0 ? ms(percentile(sorted, 99)) : '',
    'server CPU ms/op': options.serverCpu ? perOp(reading.serverCpu) : '',
    'PostgreSQL CPU ms/op': perOp(reading.postgresCpu),
    'Redis CPU ms/op': perOp(reading.redisCpu),
    'bench CPU ms/op': perOp(reading.benchCpu),
    failed,
  };
};

async function placeAndPay(
  duration: number,
  workers: number,
  buyers: number[],
  tokens: Map<number, string>,
  listings: number[],
): Promise<{ row: Row; place: number[]; pay: number[]; ranOut: boolean }> {
  const latencies: number[] = [];
  const place: number[] = [];
  const pay: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  let ops = 0;
  let ranOut = false;
  const meter = startMeter();
  const deadline = meter.begin + duration * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const index = next++;
      const goodsId = listings[index];
      if (goodsId === undefined) {
        ranOut = true;
        return;
      }
      // Round robin: a buyer is never in two loops at once while buyers outnumber the loops.
      const buyer = buyers[index % buyers.length] ?? 0;
      const token = tokens.get(buyer) ?? '';
      const t0 = performance.now();
      const placed = await call(token, '/app/order/build/business', { goods_id: goodsId });
      const t1 = performance.now();
      const orderNo = placed.data?.order_no;
      if (placed.errCode !== 0 || typeof orderNo !== 'string') {
        failures.set(`place ${placed.errCode}`, (failures.get(`place ${placed.errCode}`) ?? 0) + 1);
        continue;
      }
      const paid = await call(
        token,
        '/app/order/data/v2',
        { order_no: orderNo, method: 'wallet' },
        randomUUID(),
      );
      const t2 = performance.now();
      if (paid.errCode !== 0) {
        failures.set(`pay ${paid.errCode}`, (failures.get(`pay ${paid.errCode}`) ?? 0) + 1);
        continue;
      }
      ops += 1;
      latencies.push(t2 - t0);
      place.push(t1 - t0);
      pay.push(t2 - t1);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  const reading = meter.read();
  listings.splice(0, next);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  if (failed > 0) console.log(`  failures at ${workers}: ${JSON.stringify(Object.fromEntries(failures))}`);
  return {
    row: rowOf(`place+pay @${workers}`, ops, latencies, failed, reading),
    place,
    pay,
    ranOut,
  };
}

/**
 * The floor under any order: the cheapest signed-in request (`GET /app/user/info`: the session read,
 * the user's roles, the envelope) in loops, as place+pay runs them. An order is two signed-in calls,
 * so half this rate is what no order design behind this API can beat on this machine.
 */
async function signedInReads(
  duration: number,
  workers: number,
  buyers: number[],
  tokens: Map<number, string>,
) {
  const latencies: number[] = [];
  let failed = 0;
  let next = 0;
  const meter = startMeter();
  const deadline = meter.begin + duration * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const token = tokens.get(buyers[next++ % buyers.length] ?? 0) ?? '';
      const t0 = performance.now();
      const answer = await call(token, apiPaths.currentUser);
      if (answer.errCode === 0) latencies.push(performance.now() - t0);
      else failed += 1;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return rowOf(
    `floor: GET ${apiPaths.currentUser} @${workers}`,
    latencies.length,
    latencies,
    failed,
    meter.read(),
  );
}

// --- 2. the hot listing -----------------------------------------------------------------------------

interface Race {
  settleMs: number;
  winnerMs: number;
  refusalMs: number[];
  placed: number;
  refused4703: number;
  other: number;
}

async function race(goodsId: number, racers: number[], tokens: Map<number, string>): Promise<Race> {
  const begin = performance.now();
  const answers = await Promise.all(
    racers.map(async (buyer) => {
      const token = tokens.get(buyer) ?? '';
      const t0 = performance.now();
      const answer = await call(token, '/app/order/build/business', { goods_id: goodsId });
      return { buyer, token, answer, latency: performance.now() - t0 };
    }),
  );
  const settleMs = performance.now() - begin;
  const winners = answers.filter(({ answer }) => answer.errCode === 0);
  const refusals = answers.filter(({ answer }) => answer.errCode === ErrorCodes.ORDER_GOODS_UNAVAILABLE);
  // The winner pays (not timed), so that no racer ever reaches the unpaid-orders limit.
  for (const winner of winners) {
    const orderNo = winner.answer.data?.order_no;
    if (typeof orderNo === 'string')
      await call(winner.token, '/app/order/data/v2', { order_no: orderNo, method: 'wallet' }, randomUUID());
  }
  return {
    settleMs,
    winnerMs: winners[0]?.latency ?? Number.NaN,
    refusalMs: refusals.map(({ latency }) => latency),
    placed: winners.length,
    refused4703: refusals.length,
    other: answers.length - winners.length - refusals.length,
  };
}

// --- 3. the bare ledger -----------------------------------------------------------------------------

async function bareLedger(
  workers: number,
  pick: () => [AccountRef, AccountRef],
  label: string,
): Promise<Row> {
  const latencies: number[] = [];
  let transfers = 0;
  let seq = 0;
  // PostgreSQL errors by SQLSTATE (a deadlock is 40P01): counted, the loop goes on.
  const failures = new Map<string, number>();
  const meter = startMeter();
  const deadline = meter.begin + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const [debit, credit] = pick();
      const t0 = performance.now();
      try {
        await db.transaction((tx) =>
          ledger.post(tx, {
            debit,
            credit,
            amount: 1,
            kind: 'bench.move',
            reference: { type: 'bench', id: 'ledger' },
            idempotencyKey: `bench:ledger:${label}@${workers}:${(seq += 1)}`,
          }),
        );
      } catch (error) {
        const code = postgresErrorOf(error)?.code;
        if (code === undefined) throw error;
        failures.set(code, (failures.get(code) ?? 0) + 1);
        continue;
      }
      latencies.push(performance.now() - t0);
      transfers += 1;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  if (failures.size > 0)
    console.log(
      `  bare ledger ${label} @${workers}, errors by SQLSTATE: ${JSON.stringify(Object.fromEntries(failures))}`,
    );
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  // The server is idle meanwhile: its CPU is not this scenario's.
  return rowOf(`bare ledger, ${label} @${workers}`, transfers, latencies, failed, meter.read(), {
    serverCpu: false,
  });
}

// --- 5. timers falling due ------------------------------------------------------------------------

/**
 * Every pay timer still waiting (the paid orders': each goes stale) is made due now; answers how fast
 * the server's job runner drains them. Fifteen minutes after a busy spell the same backlog falls due.
 */
async function payTimersFallDue(): Promise<Row> {
  const waiting = sql`name = 'process.timer' and data->>'action' = 'expire' and state = 'created'`;
  const [due] = await queryRows<{ n: number }>(
    db,
    sql`with made_due as (update pgboss.job set start_after = now() where ${waiting} returning 1)
        select count(*)::int as n from made_due`,
  );
  const total = due?.n ?? 0;
  const meter = startMeter();
  let left = total;
  while (left > 0 && performance.now() - meter.begin < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pgboss.job where ${waiting}`,
    );
    left = row?.n ?? 0;
  }
  const reading = meter.read();
  if (left > 0) console.log(`  ${left} of ${total} pay timers still waiting after 120 s`);
  return rowOf(`pay timers falling due (${total}, all stale)`, total - left, [], left, reading);
}

// --- run --------------------------------------------------------------------------------------------

try {
  const setupStarted = performance.now();
  await database.migrate();
  await seedCatalogue(db);
  const sellers = await insertUsers(sellerCount, '1770');
  const buyers = await insertUsers(buyerCount, '1880');
  const racers = await insertUsers(racerCount, '1990');
  const listings = await insertListings(sellers, listingCount);
  // One more for the cold race (see below).
  const hotListings = await insertListings(sellers, raceCount + 1);
  // Enough for every listing a buyer can reach, and the bare ledger's moves.
  await topUp(buyers, Math.ceil(listingCount / buyerCount + 2) * PRICE_FEN * 2);
  await topUp(racers, (raceCount + 1) * PRICE_FEN * 2);
  const tokens = await sessionsOf([...buyers, ...racers]);
  await db.execute(sql`vacuum analyze`);
  console.log(
    `database ${name}: ${buyerCount} buyers, ${racerCount} racers, ${sellerCount} sellers, ` +
      `${listingCount + raceCount} listings, set up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
  );

  server = startServer();
  await waitFor(`${origin}/healthz`);
  await waitForIndex();
  // Warm-up (not counted): the server's first requests compile code paths and fill its pool.
  await placeAndPay(3, 8, buyers, tokens, listings);

  const rows: Row[] = [];
  const splits: string[] = [];
  const random = (below: number) => Math.floor(Math.random() * below);
  const someBuyer = () => buyers[random(buyers.length)] ?? 0;
  const randomPair = (): [AccountRef, AccountRef] => {
    const a = someBuyer();
    let b = a;
    while (b === a) b = someBuyer();
    return [
      { kind: 'user_available', userId: a },
      { kind: 'user_available', userId: b },
    ];
  };
  // A hot system row, as escrow is for the orders (escrow itself must keep matching the orders).
  const toHot = (): [AccountRef, AccountRef] => [
    { kind: 'user_available', userId: someBuyer() },
    { kind: 'compensation_pool' },
  ];
  // Escrow as the orders pay into it: one of its accounts, by the order's id.
  const toEscrow = (): [AccountRef, AccountRef] => [
    { kind: 'user_available', userId: someBuyer() },
    { kind: 'escrow', shard: random(ESCROW_SHARDS) },
  ];

  for (const workers of levels) {
    if (scenarios.has('floor')) {
      console.log(`the signed-in floor with ${workers} loops for ${seconds} s …`);
      rows.push(await signedInReads(seconds, workers, buyers, tokens));
    }
    if (scenarios.has('orders')) {
      console.log(`place+pay with ${workers} loops for ${seconds} s …`);
      const run = await placeAndPay(seconds, workers, buyers, tokens, listings);
      rows.push(run.row);
      const place = run.place.sort((a, b) => a - b);
      const pay = run.pay.sort((a, b) => a - b);
      splits.push(
        `@${workers}: place p50 ${ms(percentile(place, 50))} / p99 ${ms(percentile(place, 99))} ms, ` +
          `pay p50 ${ms(percentile(pay, 50))} / p99 ${ms(percentile(pay, 99))} ms`,
      );
      if (run.ranOut) console.log(`  (ran out of listings at ${workers}: raise --listings)`);
    }
    if (scenarios.has('ledger')) {
      console.log(`bare ledger with ${workers} loops for 3 × ${seconds} s …`);
      rows.push(await bareLedger(workers, randomPair, 'random buyer pairs'));
      rows.push(await bareLedger(workers, toHot, 'buyer → one hot account'));
      rows.push(await bareLedger(workers, toEscrow, `buyer → escrow's ${ESCROW_SHARDS} accounts`));
    }
  }

  if (scenarios.has('timers')) {
    console.log("the paid orders' pay timers fall due at once …");
    rows.push(await payTimersFallDue());
  }

  const races: Race[] = [];
  let cold: Race | undefined;
  if (scenarios.has('race')) {
    console.log(`hot listing: ${raceCount} races of ${racerCount} buyers at once …`);
    // The first burst opens 200 new connections to the server (later ones reuse them, as buyers
    // who browsed the listing first would): run apart, reported apart, not in the percentiles.
    const [coldListing, ...timedListings] = hotListings;
    cold = coldListing === undefined ? undefined : await race(coldListing, racers, tokens);
    for (const goodsId of timedListings) races.push(await race(goodsId, racers, tokens));
  }

  console.log(
    `\nPostgreSQL ${(await admin.query<{ server_version: string }>('show server_version')).rows[0]?.server_version}, ` +
      `server: ${serverRuntime}, NODE_ENV=production, ${args.processes} process(es) of pool 10 each, Redis rate limits; load generator in this process on the same machine; ` +
      `load average ${loadavg()
        .map((load) => load.toFixed(1))
        .join(' ')}`,
  );
  console.table(rows);
  console.log(`place and pay apart: ${splits.join('; ')}`);

  const exact = races.filter((r) => r.placed === 1 && r.refused4703 === racerCount - 1).length;
  const coldExact = !cold || (cold.placed === 1 && cold.refused4703 === racerCount - 1);
  if (races.length > 0) {
    const settle = races.map((r) => r.settleMs).sort((a, b) => a - b);
    const winner = races.map((r) => r.winnerMs).sort((a, b) => a - b);
    const refusal = races.flatMap((r) => r.refusalMs).sort((a, b) => a - b);
    console.log(
      `\nhot listing, ${races.length} races of ${racerCount} buyers: ${exact}/${races.length} settled with exactly one order ` +
        `and ${racerCount - 1} refusals 4703 (other answers: ${races.reduce((n, r) => n + r.other, 0)})`,
    );
    console.log(`settled, race by race (ms): ${races.map((r) => ms(r.settleMs)).join(' ')}`);
    if (cold)
      console.log(
        `the cold race before them (200 new connections, not in the figures): settled ${ms(cold.settleMs)} ms, ` +
          `${cold.placed} order and ${cold.refused4703} refusals 4703`,
      );
    console.table([
      {
        figure: 'settled (first request sent → last answer)',
        'p50 ms': ms(percentile(settle, 50)),
        'p99 ms': ms(percentile(settle, 99)),
        'max ms': ms(settle.at(-1) ?? Number.NaN),
      },
      {
        figure: 'winner (place answered)',
        'p50 ms': ms(percentile(winner, 50)),
        'p99 ms': ms(percentile(winner, 99)),
        'max ms': ms(winner.at(-1) ?? Number.NaN),
      },
      {
        figure: `refusals 4703 (${refusal.length})`,
        'p50 ms': ms(percentile(refusal, 50)),
        'p99 ms': ms(percentile(refusal, 99)),
        'max ms': ms(refusal.at(-1) ?? Number.NaN),
      },
    ]);
  }

  const report = await checkLedger(db);
  console.log(`\n${formatLedgerReport(report)}`);
  const [open] = await db.select({ total: sum(orders.escrowFen) }).from(orders);
  // The bare ledger's own moves into escrow (its shards scenario) are not orders' escrow.
  const [benchMoves] = await queryRows<{ fen: string }>(
    db,
    sql`select coalesce(sum(amount), 0) as fen from ledger_transfers
        where kind = 'bench.move' and credit_account_id in (select id from ledger_accounts where kind = 'escrow')`,
  );
  const escrow = (await ledger.kindBalance(db, 'escrow')) - Number(benchMoves?.fen ?? 0);
  const openTotal = Number(open?.total ?? 0);
  console.log(
    `escrow balance (all ${ESCROW_SHARDS} accounts, less the bare ledger's moves into them) ${escrow} fen; ` +
      `sum of the orders' escrow ${openTotal} fen: ${escrow === openTotal ? 'equal' : 'DIFFERENT'}`,
  );
  process.exitCode = report.ok && escrow === openTotal && exact === races.length && coldExact ? 0 : 1;
} finally {
  await cleanup();
}
