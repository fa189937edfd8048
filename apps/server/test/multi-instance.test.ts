import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GoodsData, Page, SearchHit } from '@haoshi/contracts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres, type DatabaseHandle } from '../src/db/client.ts';
import { createLocalInvalidationBus, type InvalidationBus } from '../src/lib/invalidation-bus.ts';
import { seedCatalogue } from '../src/modules/catalogue/catalogue-service.ts';
import { databaseKind, freshDatabase, TestClock } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { gameNamed, listOnSale, publish, publishBody, uploadScreenshots } from './helpers/listings.ts';

/**
 * Two server instances on one database: on PostgreSQL each with its own pool, sharing one Redis for
 * cache invalidation when REDIS_URL is set; on PGlite (one embedded database per process) both on
 * the same handle. Without REDIS_URL they share one in-process bus, so the wiring from a listing
 * write to the other instance's cache is still what is tested.
 */
const redisUrl = process.env.REDIS_URL;
const onceRuns: string[] = [];
const periodicRuns: string[] = [];
let instances: FastifyInstance[] = [];
let clock: TestClock;
let cleanup: () => Promise<void>;

async function instance(database: DatabaseHandle, bus: InvalidationBus | undefined, channel: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // These suites script their logins; bot protection has its own (bot-protection.test.ts).
    BOT_PROTECTION: 'off',
    WEB_DIST: '/nonexistent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'haoshi-multi-')),
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_MAX: '100000',
    // A minute: without invalidation the other instance would answer from its cache all test long.
    SEARCH_CACHE_MS: '60000',
    CACHE_BUS_CHANNEL: channel,
    ...(redisUrl ? { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: `${channel}:rl:` } : {}),
  });
  const app = await buildApp({ config, database, now: clock.now, ...(bus ? { invalidationBus: bus } : {}) });
  app.jobs.work<{ n: number }>('test-once', async (job) => void onceRuns.push(`${job.data.n}`));
  app.jobs.work('test-periodic', async (job) => void periodicRuns.push(job.id));
  app.jobs.schedule('test-periodic', 60);
  await app.ready();
  return app;
}

beforeAll(async () => {
  clock = new TestClock();
  const { handle, dispose, url } = await freshDatabase();
  const second = url ? openPostgres(url, 5) : handle;
  const channel = `test-multi-${randomBytes(6).toString('hex')}`;
  const bus = redisUrl ? undefined : createLocalInvalidationBus();
  instances = [await instance(handle, bus, channel), await instance(second, bus, channel)];
  await seedCatalogue(handle.db);
  cleanup = async () => {
    await Promise.all(instances.map((app) => app.close()));
    if (second !== handle) await second.close();
    await dispose();
  };
}, 120_000);
afterAll(() => cleanup?.());

describe(`two instances on one ${databaseKind} database (${redisUrl ? 'Redis' : 'in-process'} bus)`, () => {
  it('runs a periodic job once per period across both instances', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const bothTwice = () => Promise.all([a.jobs.runDue(), b.jobs.runDue(), a.jobs.runDue(), b.jobs.runDue()]);
    await bothTwice();
    expect(periodicRuns).toHaveLength(1);
    clock.advance(30);
    await bothTwice();
    expect(periodicRuns).toHaveLength(1);
    clock.advance(30);
    await bothTwice();
    expect(periodicRuns).toHaveLength(2);
    expect(new Set(periodicRuns).size).toBe(2);
  }, 60_000);

  it('runs a job sent once exactly once with both runners polling', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    await Promise.all([a.jobs.start(), b.jobs.start()]);
    for (let n = 0; n < 20; n++) await (n % 2 ? a : b).jobs.send('test-once', { n });
    const deadline = Date.now() + 30_000;
    while (onceRuns.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    // Time for a second run to show up, if any runner were to take a job twice.
    await new Promise((r) => setTimeout(r, 2500));
    expect(onceRuns.sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 20 }, (_, n) => `${n}`),
    );
  }, 60_000);

  it('shows a listing edited on one instance at once in the other instance’s cached list', async () => {
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const t = { app: a } as Parameters<typeof gameNamed>[0];
    const game = await gameNamed(t, '王者荣耀');
    const seller = await login(a, '13900000301');
    const screenshots = await uploadScreenshots(t, seller.token, 2);
    const listed: GoodsData = await listOnSale(
      t,
      seller.token,
      publishBody(game, { title: '王者荣耀 初版标题', screenshots }),
    );
    const titles = async (app: FastifyInstance) => {
      const { body } = await call<Page<SearchHit>>(app, 'POST', '/app/goods/list/filter', {
        body: { game_id: game.game.id },
      });
      return (body.data?.list ?? []).filter((hit) => hit.id === listed.id).map((hit) => hit.title);
    };
    expect(await titles(b)).toEqual(['王者荣耀 初版标题']);
    expect(await titles(b)).toEqual(['王者荣耀 初版标题']); // now cached on b

    /** b agrees with a (whose own write emptied its cache) well within b's minute-long cache. */
    const agreeSoon = async () => {
      const fresh = await titles(a);
      const deadline = Date.now() + 3000; // pub/sub delivery is asynchronous
      let seen = await titles(b);
      while (JSON.stringify(seen) !== JSON.stringify(fresh) && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
        seen = await titles(b);
      }
      expect(seen).toEqual(fresh);
      return fresh;
    };

    const shelf = (action: 'on' | 'off') =>
      call<GoodsData>(a, 'POST', '/app/user/goods/shelf', {
        token: seller.token,
        body: { goods_id: listed.id, action },
      });
    expect((await shelf('off')).body.data?.status).toBe('off_shelf');
    expect(await agreeSoon()).toEqual([]);
    const edit = await publish(t, seller.token, {
      ...publishBody(game, { title: '王者荣耀 改过的标题', screenshots }),
      goods_id: listed.id,
    });
    expect(edit.body.err_code).toBe(0);
    expect((await shelf('on')).body.data?.status).toBe('on_sale');
    expect(await agreeSoon()).toEqual(['王者荣耀 改过的标题']);
  }, 60_000);
});
