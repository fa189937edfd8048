import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@haoshi/contracts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call } from './helpers/identity.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Login-required calls, each with a body or query its schema refuses. */
const invalidCalls: { method: 'GET' | 'POST'; url: string; body?: unknown }[] = [
  { method: 'POST', url: '/app/user/feedback', body: { content: 1, category: 'nonsense' } },
  { method: 'POST', url: '/app/goods/publish', body: { game_id: 'x' } },
  { method: 'POST', url: '/app/user/wallet/transfer', body: { amount: -5 } },
  { method: 'POST', url: '/app/user/withdraw', body: { amount: [] } },
  { method: 'POST', url: '/app/user/settle/add', body: { type: 'nothing' } },
  { method: 'POST', url: '/app/user/auth/real_name', body: { id_number: 12 } },
  { method: 'POST', url: '/app/upload/ticket', body: { files: 'none' } },
  { method: 'GET', url: '/app/user/feedback/list?page=abc' },
  { method: 'GET', url: '/app/user/withdraw/detail?id=-1' },
];

describe(`the session is checked before the body on ${databaseKind} (issue 9 E.2)`, () => {
  it.each(invalidCalls)('$method $url: 400 without a session, 401 with a stale one', async (request) => {
    const options = request.body === undefined ? {} : { body: request.body };
    const anonymous = await call(t.app, request.method, request.url, options);
    expect(anonymous.body.err_code).toBe(ErrorCodes.LOGIN_REQUIRED);
    const stale = await call(t.app, request.method, request.url, { ...options, token: 'not-a-session' });
    expect(stale.body.err_code).toBe(ErrorCodes.SESSION_INVALID);
  });
});
