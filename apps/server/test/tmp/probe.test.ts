import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

it('probe', async () => {
  const show = async (o: any) => {
    const r = await t.app.inject(o);
    console.log(o.method, o.url, JSON.stringify(o.payload ?? '').slice(0, 60), '=>', r.statusCode, r.body.slice(0, 300));
  };
  await show({ method: 'POST', url: '/app/sms', payload: { phone: '13800000000', scene: 'login' } });
  await show({ method: 'POST', url: '/app/sms', payload: { phone: '13800000000', scene: 'login' } });
  await show({ method: 'POST', url: '/app/login', payload: { phone: '13800000000', code: '000000' } });
  await show({ method: 'POST', url: '/app/login', payload: { phone: '13800000001', code: '000000' } });
});
