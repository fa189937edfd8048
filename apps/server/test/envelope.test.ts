import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { DEFAULT_DEVICE_SIGN_KEY, type Envelope } from '@haoshi/contracts';
import { envelopeOf, ok } from '../src/lib/envelope.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { productionConfig } from './helpers/production-app.ts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { createTestAppWithRoutes } from './helpers/custom-app.ts';
import { call } from './helpers/identity.ts';
import { rowCounts } from './helpers/row-counts.ts';

const BODY_LIMIT = 4096;
const SECRET_TEXT = 'password=hunter2 in /srv/haoshi/secret-module.ts:42';
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Routes that exist only in this test: they fail in ways a real route should never fail. */
const faultyRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get('/app/test/throws', { schema: { hide: true } }, () => {
    throw new Error(SECRET_TEXT);
  });
  app.get('/app/test/throws-async', { schema: { hide: true } }, async () => {
    await Promise.resolve();
    throw new TypeError(`Cannot read properties of undefined (reading '${SECRET_TEXT}')`);
  });
  app.get(
    '/app/test/wrong-shape',
    { schema: { hide: true, response: { 200: envelopeOf(z.object({ amount: z.number() })) } } },
    () => ok({ amount: SECRET_TEXT }) as unknown as { err_code: number; data: { amount: number } },
  );
  app.post(
    '/app/test/nested',
    {
      schema: {
        hide: true,
        body: z.object({ order: z.object({ items: z.array(z.object({ qty: z.number().int() })) }) }),
      },
    },
    () => ok(null),
  );
  done();
};

let t: TestApp;
let production: FastifyInstance;
beforeAll(async () => {
  t = await createTestAppWithRoutes({ BODY_LIMIT_BYTES: String(BODY_LIMIT) }, async (app) => {
    await app.register(faultyRoutes);
  });
  // A production build on the same database: nothing of the development surface may show.
  production = await buildApp({
    config: productionConfig({
      SESSION_SECRET: 'a-production-session-secret-0123456789',
      SECURITY_PROVIDER_SECRET: 'a-production-security-secret-0123456789',
      DEVICE_SIGN_KEY: 'production-device-sign-key-32byt',
      ESIGN_SIGNING_KEY: 'cHJvZHVjdGlvbi1lc2lnbi1zZWVkLTMyLWJ5dGVzISE=',
    }),
    database: t.database,
  });
  await production.ready();
});
afterAll(async () => {
  await production.close();
  await t.close();
});

const jsonPost = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

describe(`response envelope on ${databaseKind}`, () => {
  it('wraps a success as { err_code: 0, data } in JSON', async () => {
    const { response, body } = await call(t.app, 'POST', '/app/sms', {
      body: { phone: '13600000001', scene: 'login' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(body).toEqual({ err_code: 0, data: { cooldown: 60, expires_in: 300 } });
  });

  it('names the offending field of a validation failure, body or query, nested or missing', async () => {
    const badPhone = await call(t.app, 'POST', '/app/sms', { body: { phone: '12345', scene: 'login' } });
    expect(badPhone.response.statusCode).toBe(200);
    expect(badPhone.body).toMatchObject({ err_code: 1000, field: 'phone' });
    expect(badPhone.body.message).toContain('phone');

    const missing = await call(t.app, 'POST', '/app/login', { body: { phone: '13600000001' } });
    expect(missing.body).toMatchObject({ err_code: 1000, field: 'code' });

    const query = await call(t.app, 'GET', '/dev/outbox/sms?phone=abc');
    expect(query.body).toMatchObject({ err_code: 1000, field: 'phone' });

    const nested = await call(t.app, 'POST', '/app/test/nested', {
      body: { order: { items: [{ qty: 1 }, { qty: 'x' }] } },
    });
    expect(nested.body).toMatchObject({ err_code: 1000, field: 'order.items.1.qty' });
    expect(nested.body.message).toContain('order.items.1.qty');
  });

  it('answers an unknown path or method with HTTP 404 and 1004', async () => {
    for (const [method, url] of [
      ['GET', '/app/nothing/here'],
      ['POST', '/app/nothing/here?x=1'],
      ['GET', '/app/sms'],
      ['DELETE', '/app/login'],
      ['PUT', '/security/v1/unknown'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      const body = response.json<Envelope>();
      expect(body.err_code).toBe(1004);
      expect(body.message).toContain(url.split('?')[0]);
    }
  });

  it('answers malformed or empty JSON with HTTP 400 and 1001, writing nothing', async () => {
    const before = await rowCounts(t.database.db);
    for (const payload of ['{"phone": "13600000002",', '{bad json}', "{'phone':'1'}", '', '{"a":1}}']) {
      const response = await jsonPost('/app/sms', payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toEqual({ err_code: 1001, message: '请求格式有误，请刷新后重试' });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('answers a body over BODY_LIMIT_BYTES with HTTP 413 and 1002, and accepts one under it', async () => {
    const under = JSON.stringify({ phone: '13600000003', scene: 'login', pad: 'x'.repeat(BODY_LIMIT - 200) });
    const accepted = await jsonPost('/app/sms', under);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json<Envelope>().err_code).toBe(0);

    const before = await rowCounts(t.database.db);
    const over = JSON.stringify({ phone: '13600000004', scene: 'login', pad: 'x'.repeat(BODY_LIMIT) });
    const refused = await jsonPost('/app/sms', over);
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ err_code: 1002, message: '提交的内容过大，请精简后重试' });
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('answers an unsupported content type with HTTP 415 and 1003, writing nothing', async () => {
    const before = await rowCounts(t.database.db);
    for (const type of [
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
    ]) {
      const response = await jsonPost('/app/sms', 'phone=13600000005&scene=login', type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ err_code: 1003, message: '不支持的请求格式' });
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('answers an unexpected error with HTTP 500 and 1099, the request id, and nothing internal', async () => {
    for (const url of ['/app/test/throws', '/app/test/throws-async', '/app/test/wrong-shape']) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { 'x-request-id': 'trace-0123456789' },
      });
      expect(response.statusCode, url).toBe(500);
      const body = response.json<Envelope>();
      expect(Object.keys(body).sort()).toEqual(['err_code', 'message']);
      expect(body.err_code).toBe(1099);
      expect(body.message).toContain('trace-0123456789');
      for (const leak of [
        'hunter2',
        'secret-module',
        'TypeError',
        'Error',
        'undefined',
        'amount',
        ' at ',
        'stack',
      ]) {
        expect(response.body, `${url} leaks ${leak}`).not.toContain(leak);
      }
    }
    const generated = await t.app.inject({ method: 'GET', url: '/app/test/throws' });
    const id = generated.headers['x-request-id'];
    expect(id).toMatch(uuidPattern);
    expect(generated.json<Envelope>().message).toContain(String(id));
  });

  it('echoes a well-formed x-request-id on every outcome and replaces a malformed one', async () => {
    const outcomes = [
      () => t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'req-ok-00000001' } }),
      () =>
        t.app.inject({ method: 'GET', url: '/app/nothing', headers: { 'x-request-id': 'req-ok-00000002' } }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/app/sms',
          payload: '{',
          headers: { 'content-type': 'application/json', 'x-request-id': 'req-ok-00000003' },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/app/sms',
          payload: { phone: 'x' },
          headers: { 'x-request-id': 'req-ok-00000004' },
        }),
      () =>
        t.app.inject({
          method: 'GET',
          url: '/app/test/throws',
          headers: { 'x-request-id': 'req-ok-00000005' },
        }),
    ];
    for (const [index, send] of outcomes.entries()) {
      const response = await send();
      expect(response.headers['x-request-id']).toBe(`req-ok-0000000${index + 1}`);
    }
    for (const malformed of ['short', 'has spaces in it', 'x'.repeat(65), '<script>alert(1)</script>']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': malformed },
      });
      expect(response.headers['x-request-id']).toMatch(uuidPattern);
    }
  });

  it('keeps a business refusal carrying data in the envelope (no schema clash, no 500)', async () => {
    await call(t.app, 'POST', '/app/sms', { body: { phone: '13600000006', scene: 'login' } });
    const again = await call(t.app, 'POST', '/app/sms', { body: { phone: '13600000006', scene: 'login' } });
    expect(again.response.statusCode).toBe(200);
    expect(again.body).toEqual({
      err_code: 2001,
      message: '验证码发送太频繁，请60秒后再试',
      data: { cooldown: 60 },
    });

    const provider = await call(t.app, 'POST', '/security/v1/token', { body: { package: 'app_thh' } });
    expect(provider.response.statusCode).toBe(200);
    expect(provider.body).toMatchObject({ err_code: 1000, field: 'device_id' });
  });

  it('does not expose the development SMS outbox in production', async () => {
    const response = await production.inject({ method: 'GET', url: '/dev/outbox/sms?phone=13600000001' });
    expect(response.statusCode).toBe(404);
    expect(response.json<Envelope>().err_code).toBe(1004);
    expect(production.config.DEVICE_SIGN_KEY).not.toBe(DEFAULT_DEVICE_SIGN_KEY);
  });
  if (databaseKind === 'postgres') {
    it('survives PostgreSQL dropping its idle connections, and reconnects', async () => {
      await Promise.all([1, 2, 3].map(() => t.app.inject({ method: 'GET', url: '/healthz' })));
      const current = (await t.database.db.execute<{ name: string }>(
        sql`select current_database() as name`,
      )) as {
        rows: { name: string }[];
      };
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      try {
        const killed = await admin.query<{ pid: number }>(
          'select pg_terminate_backend(pid), pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [current.rows[0]?.name],
        );
        expect(killed.rowCount).toBeGreaterThan(0);
        await vi.waitFor(
          () => expect(warn).toHaveBeenCalledWith(expect.stringContaining('idle connection lost')),
          {
            timeout: 5000,
          },
        );
      } finally {
        await admin.end();
        warn.mockRestore();
      }
      const health = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
      expect(health.json<Envelope>().err_code).toBe(0);
    });
  }
});
