/**
 * Search and list throughput on PostgreSQL with 100,000 listings: the filter list and the keyword
 * search of the real server (its own process, as in production), next to a bare Fastify + pg
 * primary-key lookup as the ceiling, all loaded with autocannon from this process. Two sets of
 * bodies: a few hot ones (48/180 distinct, what the answer cache serves) and a realistic mix, tens of
 * thousands of distinct bodies drawn Zipf-style over games, keywords (aliases included), filters,
 * sorts and pages (`search-mix.ts`).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run search -w @haoshi/bench
 *   … -- --goods 100000 --seconds 10 --connections 16     (defaults)
 *   … -- --database haoshi_bench_search_x --keep            (reuse a seeded database, keep it)
 *   … -- --mix-only --cache-ms 0 --cpu-prof /tmp/prof      (one answer-cache setting; profile the server)
 *   … -- --server-root /work/main                           (the server of another checkout: a baseline)
 *
 * Besides req/s and latency it prints the server's CPU time per request (user + system, from /proc),
 * which other load on the machine moves far less.
 *
 * A fresh database is created next to DATABASE_URL's, seeded with the demo seed, and dropped at the end.
 */
import autocannon, { type Request, type Result } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { queryRows } from '../apps/server/src/lib/sql-rows.ts';
import { seedDemoData } from '../apps/server/src/db/seed.ts';
import { createLocalStorage } from '../apps/server/src/modules/storage/local-storage.ts';
import { mixBodies } from './search-mix.ts';
import { cpuMs } from './process-cpu.ts';
import { productionEnv } from './production-env.ts';

const { values: args } = parseArgs({
  options: {
    goods: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    database: { type: 'string', default: '' },
    keep: { type: 'boolean', default: false },
    /** Only the realistic mix, not the hot sets and the ceiling. */
    'mix-only': { type: 'boolean', default: false },
    /** The answer-cache settings to run, in this order (SEARCH_CACHE_MS values). */
    'cache-ms': { type: 'string', default: '3000,0' },
    /** Write a CPU profile of the server (node --cpu-prof) into this directory. */
    'cpu-prof': { type: 'string', default: '' },
    /** Run the server of another checkout (e.g. main, for a baseline measured by this same script). */
    'server-root': { type: 'string', default: '' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required (e.g. postgres://postgres@127.0.0.1:5432/test)');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const name = args.database || `haoshi_bench_search_${randomBytes(4).toString('hex')}`;
const benchUrl = new URL(databaseUrl);
benchUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), 'haoshi-bench-search-'));

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
if (!args.database) await admin.query(`create database ${name}`);

const children: ChildProcess[] = [];
async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  if (!args.keep) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

function start(script: string, port: number, env: Record<string, string>): ChildProcess {
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const child = spawn('node', [...profile, '--import', 'tsx', script], {
    cwd: script.startsWith('apps/') && args['server-root'] ? args['server-root'] : root,
    env: { ...process.env, ...env, DATABASE_URL: benchUrl.toString(), PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

const hotKeywords = [
  '王者',
  '王者荣耀',
  '原神',
  '和平精英',
  '凤求凰',
  '雷电将军',
  '荣耀王者',
  '玛莎拉蒂',
  '皮肤',
  '可二次实名',
  '蛋仔',
  '火麒麟',
  '五星角色',
  '梦幻西游',
  '典藏',
  '包赔',
];
const sorts = ['default', 'newest', 'price_asc', 'price_desc', 'hot'];

function filterBodies(gameIds: number[]): string[] {
  const bodies: string[] = [];
  for (const gameId of gameIds) {
    for (const sort of sorts) {
      for (const [min, max] of [
        [undefined, undefined],
        ['100', '1000'],
        ['500', undefined],
      ] as const) {
        bodies.push(
          JSON.stringify({
            game_id: gameId,
            sort,
            page: 1 + (bodies.length % 3),
            page_size: 20,
            price_min: min,
            price_max: max,
          }),
        );
      }
    }
  }
  return bodies;
}

function keywordBodies(): string[] {
  return hotKeywords.flatMap((keyword, index) =>
    ['default', 'newest', 'price_asc'].map((sort) =>
      JSON.stringify({ keyword, sort, page: 1 + (index % 2), page_size: 20 }),
    ),
  );
}

/** The resident memory of a child process, from /proc (Linux). */
function rssMb(child: ChildProcess): string {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return `${Math.round(kb / 1024)} MB`;
  } catch {
    return 'unknown';
  }
}

/** The server answers from SQL until its in-memory search index is built: measure the index. */
async function waitForIndex(url: string) {
  const started = performance.now();
  for (let attempt = 0; attempt < 600; attempt++) {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"page_size":1}',
    });
    if (answer.headers.get('x-search-index') === 'ready') {
      console.log(`search index ready ${((performance.now() - started) / 1000).toFixed(1)} s after /healthz`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the search index was not built in two minutes');
}

async function load(
  label: string,
  url: string,
  bodies: string[] | undefined,
  server?: ChildProcess,
): Promise<Row> {
  let next = 0;
  const requests: Request[] | undefined = bodies
    ? [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: bodies[next++ % bodies.length] ?? '{}' }),
        },
      ]
    : undefined;
  const run = (duration: number) =>
    new Promise<Result>((resolve, reject) => {
      autocannon(
        { url, connections, duration, ...(requests ? { requests } : {}) },
        (error: unknown, result) =>
          error ? reject(error instanceof Error ? error : new Error('autocannon failed')) : resolve(result),
      );
    });
  await run(2);
  const cpuBefore = cpuMs(server);
  const result = await run(seconds);
  return {
    scenario: label,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    'server CPU ms/req': Number(((cpuMs(server) - cpuBefore) / result.requests.total).toFixed(3)),
    'non-2xx': result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

interface Row {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'server CPU ms/req': number;
  'non-2xx': number;
  errors: number;
}

try {
  const database = openPostgres(benchUrl.toString(), 4);
  await database.migrate();
  const seedStarted = performance.now();
  await seedDemoData(database.db, pino({ level: 'warn' }), {
    goods: Number(args.goods),
    storage: createLocalStorage({ root: join(dataDir, 'uploads'), secret: 'bench' }),
  });
  const [row] = await queryRows<{ n: string; max: string; games: number[] }>(
    database.db,
    sql`select count(*) as n, max(id) as max, array_agg(distinct game_id) as games from goods where status = 'on_sale'`,
  );
  await database.db.execute(sql`vacuum analyze`);
  await database.close();
  const maxId = Number(row?.max ?? 0);
  console.log(
    `database ${name}: ${row?.n} listings on sale, seeded in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const serverEnv = productionEnv({ namespace: name, dataDir });

  const rows: Row[] = [];
  const gameIds = row?.games ?? [];

  const mix = mixBodies([...gameIds].sort((a, b) => a - b));
  console.log(
    `mix: filter ${mix.filter.length} bodies (${new Set(mix.filter).size} distinct), keyword ${mix.keyword.length} (${new Set(mix.keyword).size} distinct)`,
  );

  if (!args['mix-only']) {
    const ceiling = start('bench/search-ceiling-server.ts', 8391, { MAX_ID: String(maxId) });
    await waitFor('http://127.0.0.1:8391/pk');
    rows.push(await load('ceiling: bare Fastify + pg primary key', 'http://127.0.0.1:8391/pk', undefined));
    await stop(ceiling);
  }

  for (const cacheMs of args['cache-ms'].split(',')) {
    const server = start('apps/server/src/main.ts', 8392, { ...serverEnv, SEARCH_CACHE_MS: cacheMs });
    await waitFor('http://127.0.0.1:8392/healthz');
    const suffix = cacheMs === '0' ? 'no cache' : `cache ${cacheMs} ms`;
    const url = 'http://127.0.0.1:8392/app/goods/list/filter';
    await waitForIndex(url);
    console.log(`server RSS with the index built: ${rssMb(server)}`);
    rows.push(await load(`filter mix (${suffix})`, url, mix.filter, server));
    rows.push(await load(`keyword mix (${suffix})`, url, mix.keyword, server));
    if (!args['mix-only'])
      rows.push(
        await load(
          `filter list (${suffix})`,
          'http://127.0.0.1:8392/app/goods/list/filter',
          filterBodies(gameIds),
          server,
        ),
      );
    if (!args['mix-only'])
      rows.push(
        await load(
          `keyword search (${suffix})`,
          'http://127.0.0.1:8392/app/goods/list/filter',
          keywordBodies(),
          server,
        ),
      );
    console.log(`server RSS after the ${suffix} runs: ${rssMb(server)}`);
    await stop(server);
  }
  console.log(`\n${seconds} s per scenario, ${connections} connections, load generator on the same machine`);
  console.table(rows);
} finally {
  await cleanup();
}
