import type { FastifyInstance } from 'fastify';
import { startTestApp, testConfig, type TestApp } from './test-app.ts';

/**
 * Like createTestApp, but lets the test register its own routes (e.g. one that throws) on the
 * built app before it is made ready.
 */
export function createTestAppWithRoutes(
  env: Record<string, string>,
  register: (app: FastifyInstance) => void | Promise<void>,
): Promise<TestApp> {
  return startTestApp(testConfig(env), {}, register);
}
