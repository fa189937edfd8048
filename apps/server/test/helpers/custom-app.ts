import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { freshDatabase, TestClock, type TestApp } from './test-app.ts';

/**
 * Like createTestApp, but lets the test register its own routes (e.g. one that throws) on the
 * built app before it is made ready.
 */
export async function createTestAppWithRoutes(
  env: Record<string, string>,
  register: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  const { handle, dispose } = await freshDatabase();
  const clock = new TestClock();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATA_DIR: '/nonexistent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_MAX: '100000',
    SEED_DEMO: 'true',
    ...env,
  });
  const app = await buildApp({ config, database: handle, now: clock.now });
  await register(app);
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
