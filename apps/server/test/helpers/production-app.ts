import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { freshDatabase, TestClock, type TestApp } from './test-app.ts';

/**
 * A production app's config on the test's own database, in-memory limits and no storage: what
 * production requires of its environment is config.test.ts's subject, the app's behaviour is this.
 */
export function productionConfig(env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      DATA_DIR: '/nonexistent',
      ...env,
    }),
    NODE_ENV: 'production',
  };
}

/** A production app on a fresh database. */
export async function createProductionApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { handle, dispose } = await freshDatabase();
  const clock = new TestClock();
  const app = await buildApp({ config: productionConfig(env), database: handle, now: clock.now });
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
