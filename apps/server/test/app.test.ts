import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call } from './helpers/identity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe(`app basics on ${databaseKind}`, () => {
  it('answers /healthz once the database is ready', async () => {
    const { response, body } = await call(t.app, 'GET', '/healthz');
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({ err_code: 0, data: { status: 'ok', database: databaseKind } });
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const { response, body } = await call(t.app, 'GET', '/app/does/not/exist');
    expect(response.statusCode).toBe(404);
    expect(body.err_code).toBe(1004);
    expect(body.message).toContain('/app/does/not/exist');
  });
});
