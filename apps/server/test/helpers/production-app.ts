import { loadConfig, type Config } from '../../src/config.ts';
import { startTestApp, type TestApp } from './test-app.ts';

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
      BOT_PROTECTION: 'off',
      ...env,
    }),
    NODE_ENV: 'production',
  };
}

/** A production app on a fresh database. */
export function createProductionApp(env: Record<string, string> = {}): Promise<TestApp> {
  return startTestApp(productionConfig(env));
}
