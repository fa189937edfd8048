import { inject } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openPostgres, pgliteExtensions, wrapPglite, type DatabaseHandle } from '../../src/db/client.ts';
import { withDatabaseName } from './postgres-url.ts';

export const databaseKind = process.env.DATABASE_URL ? 'postgres' : 'pglite';

/**
 * A fresh database cloned from the migrated template, and how to throw it away; on PostgreSQL also
 * its URL (a second instance opens its own pool on it).
 */
export async function freshDatabase(): Promise<{
  handle: DatabaseHandle;
  dispose: () => Promise<void>;
  url?: string;
}> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const name = `haoshi_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    const url = withDatabaseName(databaseUrl, name);
    const handle = openPostgres(url, 5);
    return {
      handle,
      url,
      dispose: async () => {
        await handle.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = new Blob([readFileSync(inject('pgliteTemplatePath'))]);
  const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
  const handle = wrapPglite(client);
  return { handle, dispose: () => handle.close() };
}

/** A clock tests move forward by hand. */
export class TestClock {
  current = new Date('2026-11-21T02:00:00.000Z');
  now = () => new Date(this.current);
  advance(seconds: number) {
    this.current = new Date(this.current.getTime() + seconds * 1000);
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: TestClock;
  close: () => Promise<void>;
}

/** The test suites' configuration: quiet, no web build or data directory, limits out of the way. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_MAX: '100000',
    SEED_DEMO: 'true',
    // The suites call SMS, login, publish… directly; bot-protection.test.ts turns it on.
    BOT_PROTECTION: 'off',
    ...env,
  });
}

/**
 * An app with this config on a fresh database and a test clock; `register` may add the test's own
 * routes before the app is made ready.
 */
export async function startTestApp(
  config: Config,
  options: Omit<AppOptions, 'config' | 'database' | 'now'> = {},
  register?: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const { handle, dispose } = await freshDatabase();
  const clock = new TestClock();
  const app = await buildApp({ config, database: handle, now: clock.now, ...options });
  await register?.(app);
  await app.ready();
  return {
    app,
    database: handle,
    clock,
    close: async () => {
      await app.close();
      await dispose();
    },
  };
}

export function createTestApp(
  env: Record<string, string> = {},
  options: Omit<AppOptions, 'config' | 'database' | 'now'> = {},
): Promise<TestApp> {
  return startTestApp(testConfig(env), options);
}
