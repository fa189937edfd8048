import { afterAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function appWithLimit(env: Record<string, string> = {}) {
  const t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '3', ...env });
  apps.push(t);
  return t;
}

const sendSms = (t: TestApp, phone: string, ip: string) =>
  call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' }, ip });

describe(`rate limiting on ${databaseKind}`, () => {
  it('refuses the call past the per-IP limit with HTTP 429 and err_code 1005, in memory', async () => {
    const t = await appWithLimit();
    for (const phone of ['13700000001', '13700000002', '13700000003']) {
      expect((await sendSms(t, phone, '10.1.1.1')).body.err_code).toBe(0);
    }
    const refused = await sendSms(t, '13700000004', '10.1.1.1');
    expect(refused.response.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ err_code: 1005, message: '操作太频繁，请稍后再试' });
    expect((await sendSms(t, '13700000005', '10.1.1.2')).body.err_code).toBe(0);
  });

  it('with Redis unreachable, refuses money and login calls (1030) and lets the others through', async () => {
    // Nothing listens on port 1: every count fails.
    const t = await appWithLimit({ REDIS_URL: 'redis://127.0.0.1:1' });
    const refused = await sendSms(t, '13700000021', '10.3.3.3');
    expect(refused.body).toMatchObject({ err_code: 1030, message: '服务繁忙，请稍后再试' });
    const login = await call(t.app, 'POST', '/app/login', {
      body: { phone: '13700000021', code: '123456' },
      ip: '10.3.3.3',
    });
    expect(login.body.err_code).toBe(1030);
    const transfer = await call(t.app, 'POST', '/app/user/wallet/transfer', { body: {}, ip: '10.3.3.3' });
    expect(transfer.body.err_code).toBe(1030);
    // A read that moves nothing fails open.
    const home = await call(t.app, 'GET', '/app/home/keyword', { ip: '10.3.3.3' });
    expect(home.body.err_code).toBe(0);
  });

  it('with Redis unreachable, still holds the global limit per address on this instance', async () => {
    const t = await appWithLimit({ REDIS_URL: 'redis://127.0.0.1:1', RATE_LIMIT_MAX: '3' });
    const keywords = (ip: string) => call(t.app, 'GET', '/app/home/keyword', { ip });
    for (let n = 0; n < 3; n++) expect((await keywords('10.3.3.4')).body.err_code).toBe(0);
    const refused = await keywords('10.3.3.4');
    expect(refused.response.statusCode).toBe(429);
    expect(refused.body.err_code).toBe(1005);
    expect((await keywords('10.3.3.5')).body.err_code).toBe(0);
  });

  it('limits the recharge-for-another lookup of phones per address (issue 9 E.5)', async () => {
    const t = await appWithLimit();
    const { token } = await login(t.app, '13700000021', '10.3.3.1');
    const proxy = (phone: string) =>
      call(t.app, 'POST', '/app/recharge/proxy', {
        token,
        body: { phone, amount: '10', channel: 'alipay' },
        ip: '10.3.3.2',
      });
    for (const phone of ['13700000031', '13700000032', '13700000033']) {
      expect((await proxy(phone)).body.err_code).toBe(4107);
    }
    const refused = await proxy('13700000034');
    expect(refused.response.statusCode).toBe(429);
    expect(refused.body.err_code).toBe(1005);
  });

  const redisUrl = process.env.REDIS_URL;
  if (redisUrl) {
    it('shares the limit across instances through Redis', async () => {
      const shared = { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: `test-${randomBytes(6).toString('hex')}:` };
      const first = await appWithLimit(shared);
      const second = await appWithLimit(shared);
      expect((await sendSms(first, '13700000011', '10.2.2.2')).body.err_code).toBe(0);
      expect((await sendSms(second, '13700000012', '10.2.2.2')).body.err_code).toBe(0);
      expect((await sendSms(first, '13700000013', '10.2.2.2')).body.err_code).toBe(0);
      const refused = await sendSms(second, '13700000014', '10.2.2.2');
      expect(refused.response.statusCode).toBe(429);
      expect(refused.body.err_code).toBe(1005);
    });

    it('counts the global limit in batches: exact on one instance, within the documented bound on two', async () => {
      const namespace = `test-${randomBytes(6).toString('hex')}:`;
      const shared = { REDIS_URL: redisUrl, RATE_LIMIT_NAMESPACE: namespace, RATE_LIMIT_MAX: '100' };
      // In-process calls never wait on I/O: leave a moment for the batches' Redis answers, as real traffic does.
      const keywords = async (t: TestApp, ip: string) => {
        await new Promise((resolve) => setTimeout(resolve, 3));
        return call(t.app, 'GET', '/app/home/keyword', { ip });
      };
      const alone = await appWithLimit(shared);
      let admitted = 0;
      while ((await keywords(alone, '10.4.4.1')).response.statusCode === 200) admitted += 1;
      expect(admitted).toBe(100);

      const second = await appWithLimit(shared);
      admitted = 0;
      for (let n = 0; n < 140; n++) {
        const answer = await keywords(n % 2 ? alone : second, '10.4.4.2');
        if (answer.response.statusCode === 200) admitted += 1;
        else expect(answer.body.err_code).toBe(1005);
      }
      // max + (instances − 1) × 2 × batch, batch = max / 50.
      expect(admitted).toBeGreaterThanOrEqual(100);
      expect(admitted).toBeLessThanOrEqual(104);
    });
  } else {
    console.warn('REDIS_URL is not set: the cross-instance (Redis) rate-limit tests did not run.');
  }
});
