import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { apiCalls, type ApiCall } from '@haoshi/contracts';
import { startTestApp, testConfig, type TestApp } from './helpers/test-app.ts';

const routes: RouteOptions[] = [];

// Every route as the app registers it, schemas included: an onRoute hook on the root instance,
// added as Fastify creates it (buildApp registers its routes before returning).
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: create };
});

interface RouteSchema {
  querystring?: z.ZodType;
  body?: z.ZodType;
  response?: Record<number, z.ZodObject>;
}

/** The data schema inside the route's 200 envelope (`envelopeOf(data)`). */
function dataOf(schema: RouteSchema): z.ZodType | undefined {
  const data: unknown = schema.response?.[200]?.shape.data;
  return data instanceof z.ZodOptional ? (data.unwrap() as z.ZodType) : undefined;
}

/** The same schema object, or one that reads and writes exactly the same JSON. */
function sameSchema(server: z.ZodType | undefined, contract: z.ZodType | undefined): boolean {
  if (server === contract) return true;
  if (!server || !contract) return false;
  const json = (schema: z.ZodType, io: 'input' | 'output') =>
    JSON.stringify(z.toJSONSchema(schema, { io, unrepresentable: 'any' }));
  return (['input', 'output'] as const).every((io) => json(server, io) === json(contract, io));
}

let t: TestApp;
const served = new Map<string, RouteSchema>();
beforeAll(async () => {
  t = await startTestApp(testConfig());
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = (route.schema ?? {}) as RouteSchema;
    if (!route.url.startsWith('/app/') || !dataOf(schema)) continue;
    for (const method of methods) if (method !== 'HEAD') served.set(`${method} ${route.url}`, schema);
  }
});
afterAll(() => t.close());

describe('apiCalls (contracts) against the server routes', () => {
  it('lists exactly the JSON calls the server serves', () => {
    expect(served.size).toBeGreaterThan(50);
    expect([...served.keys()].sort()).toEqual(Object.keys(apiCalls).sort());
  });

  it.each(Object.entries(apiCalls as Record<string, ApiCall>))(
    '%s validates and answers with the listed schemas',
    (key, call) => {
      const schema = served.get(key);
      expect(schema, `${key} is not served`).toBeDefined();
      if (!schema) return;
      expect(sameSchema(schema.querystring, call.query), `${key}: query schema differs`).toBe(true);
      expect(sameSchema(schema.body, call.body), `${key}: body schema differs`).toBe(true);
      expect(sameSchema(dataOf(schema), call.response), `${key}: response schema differs`).toBe(true);
    },
  );
});
