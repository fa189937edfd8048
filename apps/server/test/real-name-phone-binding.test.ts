import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BindStatus } from '@haoshi/contracts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { countChanges, rowCounts } from './helpers/row-counts.ts';

const statusPath = '/app/user/bind/status';
const smsPath = '/app/user/bind/phone/sms';
const bindPath = '/app/user/bind/phone';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendCode = (token: string, phone: string) => call(t.app, 'POST', smsPath, { token, body: { phone } });
const bind = (token: string, phone: string, code: string) =>
  call<BindStatus>(t.app, 'POST', bindPath, { token, body: { phone, code } });

describe(`phone binding on ${databaseKind}`, () => {
  it('needs a session for every call', async () => {
    expect((await call(t.app, 'GET', statusPath)).body.err_code).toBe(400);
    expect((await call(t.app, 'POST', smsPath, { body: { phone: '13977770009' } })).body.err_code).toBe(400);
    const refused = await call(t.app, 'POST', bindPath, { body: { phone: '13977770009', code: '123456' } });
    expect(refused.body.err_code).toBe(400);
  });

  it('shows the bound phone masked', async () => {
    const { token } = await login(t.app, '13977770001');
    const { body, response } = await call<BindStatus>(t.app, 'GET', statusPath, { token });
    expect(body.data).toEqual({ phone_bound: true, phone_masked: '139****0001', real_name_verified: false });
    expect(response.body).not.toContain('13977770001');
  });

  it('changes the phone with a code sent to the new one', async () => {
    const { token, user } = await login(t.app, '13977770002');
    t.clock.advance(61);
    expect((await sendCode(token, '13977770102')).body).toMatchObject({
      err_code: 0,
      data: { cooldown: 60 },
    });
    const code = await latestCode(t.app, '13977770102');
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await bind(token, '13977770102', wrong);
    expect(refused.body.err_code).toBe(2004);

    const before = await rowCounts(t.database.db);
    const bound = await bind(token, '13977770102', code);
    expect(bound.body).toMatchObject({
      err_code: 0,
      data: { phone_bound: true, phone_masked: '139****0102' },
    });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({ phone_binding_changes: 1 });
    // The same code cannot be used twice, and the new phone now logs into the same account.
    expect((await bind(token, '13977770102', code)).body.err_code).toBe(2007);
    t.clock.advance(61);
    const again = await login(t.app, '13977770102');
    expect(again.user.id).toBe(user.id);
  });

  it('refuses the current phone and a phone bound to another account, sending nothing', async () => {
    const { token } = await login(t.app, '13977770003');
    await login(t.app, '13977770004');
    const before = await rowCounts(t.database.db);
    expect((await sendCode(token, '13977770003')).body).toMatchObject({ err_code: 4312, field: 'phone' });
    expect((await sendCode(token, '13977770004')).body).toMatchObject({ err_code: 4311, field: 'phone' });
    expect((await sendCode(token, '1397777000')).body).toMatchObject({ err_code: 1000, field: 'phone' });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
  });

  it('refuses a phone that another account took after the code was sent, changing nothing', async () => {
    const { token } = await login(t.app, '13977770005');
    t.clock.advance(61);
    expect((await sendCode(token, '13977770105')).body.err_code).toBe(0);
    const code = await latestCode(t.app, '13977770105');
    t.clock.advance(61);
    await login(t.app, '13977770105');
    const before = await rowCounts(t.database.db);
    expect((await bind(token, '13977770105', code)).body).toMatchObject({ err_code: 4311, field: 'phone' });
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
    const status = await call<BindStatus>(t.app, 'GET', statusPath, { token });
    expect(status.body.data?.phone_masked).toBe('139****0005');
  });

  it('does not accept a login code for binding', async () => {
    const { token } = await login(t.app, '13977770006');
    t.clock.advance(61);
    await call(t.app, 'POST', '/app/sms', { body: { phone: '13977770106', scene: 'login' } });
    const loginCode = await latestCode(t.app, '13977770106');
    const before = await rowCounts(t.database.db);
    expect((await bind(token, '13977770106', loginCode)).body.err_code).toBe(2007);
    expect(countChanges(before, await rowCounts(t.database.db))).toEqual({});
  });

  it('once bound, the phone is refused to every other account', async () => {
    const a = await login(t.app, '13977770007');
    const b = await login(t.app, '13977770008');
    t.clock.advance(61);
    expect((await sendCode(a.token, '13977770107')).body.err_code).toBe(0);
    const codeA = await latestCode(t.app, '13977770107');
    const first = await bind(a.token, '13977770107', codeA);
    expect(first.body.err_code).toBe(0);
    t.clock.advance(61);
    expect((await sendCode(b.token, '13977770107')).body.err_code).toBe(4311);
  });

  it('ends every other session of the account, keeping the one that rebound (issue 9 E.11)', async () => {
    const phone = '13977770009';
    const current = await login(t.app, phone);
    t.clock.advance(61);
    const other = await login(t.app, phone, '10.0.0.2');
    t.clock.advance(61);
    const stranger = await login(t.app, '13977770010');
    expect((await call(t.app, 'GET', '/app/user/info', { token: other.token })).body.err_code).toBe(0);

    expect((await sendCode(current.token, '13977770109')).body.err_code).toBe(0);
    const code = await latestCode(t.app, '13977770109');
    expect((await bind(current.token, '13977770109', code)).body.err_code).toBe(0);

    expect((await call(t.app, 'GET', '/app/user/info', { token: other.token })).body.err_code).toBe(401);
    expect((await call(t.app, 'GET', '/app/user/info', { token: current.token })).body.err_code).toBe(0);
    expect((await call(t.app, 'GET', '/app/user/info', { token: stranger.token })).body.err_code).toBe(0);
  });
});
