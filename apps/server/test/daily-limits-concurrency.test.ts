import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, FEEDBACK_DAILY_LIMIT, SMS_DAILY_LIMIT_PER_IP } from '@haoshi/contracts';
import { warnIfNoPostgres } from './helpers/ledger-db.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';

// On PostgreSQL (DATABASE_URL) the app's pool runs these requests really in parallel; PGlite has one
// connection, so there the same assertions only check the sequential behaviour.
let t: TestApp;
beforeAll(async () => {
  warnIfNoPostgres('daily limits concurrency');
  t = await createTestApp();
});
afterAll(() => t?.close());

describe(`daily caps hold under parallel requests on ${databaseKind} (issue 9 E.6)`, () => {
  it('feedback: 20 parallel posts on top of 5 earlier ones stop exactly at the daily cap', async () => {
    const { token } = await login(t.app, '13966660001');
    const post = (n: number) =>
      call(t.app, 'POST', '/app/user/feedback', { token, body: { content: `反馈 ${n}`, category: 'other' } });
    for (let n = 0; n < 5; n++) expect((await post(n)).body.err_code).toBe(0);
    const codes = (await Promise.all(Array.from({ length: 20 }, (_, n) => post(100 + n)))).map(
      (response) => response.body.err_code,
    );
    expect(codes.filter((code) => code === 0)).toHaveLength(FEEDBACK_DAILY_LIMIT - 5);
    expect(codes.filter((code) => code === ErrorCodes.RATE_LIMITED)).toHaveLength(5);
    const list = await call<{ total: number }>(t.app, 'GET', '/app/user/feedback/list', { token });
    expect(list.body.data?.total).toBe(FEEDBACK_DAILY_LIMIT);
  }, 120_000);

  it('SMS: parallel codes to different phones from one address stop at the per-address cap', async () => {
    const ip = '10.66.0.1';
    const codes = (
      await Promise.all(
        Array.from({ length: SMS_DAILY_LIMIT_PER_IP + 10 }, (_, n) =>
          call(t.app, 'POST', '/app/sms', {
            body: { phone: `1396667${String(n).padStart(4, '0')}`, scene: 'login' },
            ip,
          }),
        ),
      )
    ).map((response) => response.body.err_code);
    expect(codes.filter((code) => code === 0)).toHaveLength(SMS_DAILY_LIMIT_PER_IP);
    expect(codes.filter((code) => code === ErrorCodes.SMS_IP_DAILY_LIMIT)).toHaveLength(10);
  }, 120_000);
});
