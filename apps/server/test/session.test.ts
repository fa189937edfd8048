import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LoginResponse, User } from '@haoshi/contracts';
import { createSessionService } from '../src/modules/identity/index.ts';
import { sessions, users } from '../src/modules/identity/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';

// One app for the file: tokens rotate after 60 s, sessions live the default 30 days.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_ROTATE_AFTER_SECONDS: '60' });
});
afterAll(() => t.close());

const me = (app: TestApp, token?: string, headers: Record<string, string> = {}) =>
  call<User>(app.app, 'GET', '/app/user/info', { ...(token ? { token } : {}), headers });

describe(`sessions on ${databaseKind}`, () => {
  it('registers on first login, returns the token in body and authorization header, and recognises the user after', async () => {
    const phone = '13300000001';
    await call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' } });
    const first = await call<LoginResponse>(t.app, 'POST', '/app/login', {
      body: { phone, code: await latestCode(t.app, phone) },
    });
    expect(first.body.err_code).toBe(0);
    const data = first.body.data;
    expect(data?.is_new_user).toBe(true);
    expect(data?.user.phone_masked).toBe('133****0001');
    expect(data?.user.roles).toEqual([]);
    expect(first.response.headers.authorization).toBe(data?.token);
    expect(new Date(data?.expires_at ?? 0).getTime()).toBe(t.clock.current.getTime() + 30 * 86_400_000);

    t.clock.advance(60);
    const second = await login(t.app, phone);
    expect(second.is_new_user).toBe(false);
    expect(second.user.id).toBe(data?.user.id);
    expect(second.token).not.toBe(data?.token);
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('issues tokens of at least 128 random bits and stores only their hash', async () => {
    const tokens = await Promise.all(
      ['13300000002', '13300000003', '13300000004'].map((phone) => login(t.app, phone)),
    );
    for (const { token } of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    }
    expect(new Set(tokens.map(({ token }) => token)).size).toBe(tokens.length);

    const rows = await t.database.db.select().from(sessions);
    expect(rows.length).toBeGreaterThanOrEqual(tokens.length);
    for (const row of rows) {
      for (const value of Object.values(row)) {
        const text = value instanceof Date ? value.toISOString() : String(value);
        for (const { token } of tokens) expect(text).not.toContain(token);
      }
    }
  });

  it('authenticates with the raw token or a Bearer one; 400 without, 401 for a bogus one', async () => {
    const { token, user } = await login(t.app, '13300000005');
    for (const header of [token, `Bearer ${token}`, `bearer ${token}`, `  Bearer   ${token}  `]) {
      const { body } = await call<User>(t.app, 'GET', '/app/user/info', {
        headers: { authorization: header },
      });
      expect(body.err_code, header).toBe(0);
      expect(body.data?.id).toBe(user.id);
    }
    for (const header of [undefined, '', 'Bearer', 'Bearer    ']) {
      const { body } = await call(
        t.app,
        'GET',
        '/app/user/info',
        header === undefined ? {} : { headers: { authorization: header } },
      );
      expect(body.err_code, JSON.stringify(header)).toBe(400);
    }
    for (const bogus of [
      'nope',
      `${token}x`,
      token.slice(0, -1),
      `Basic ${token}`,
      'Bearer '.repeat(3) + 'z',
    ]) {
      const { body } = await me(t, bogus);
      expect(body.err_code, bogus).toBe(401);
    }
  });

  it('answers 402 for a disabled account, and refuses it a new login', async () => {
    const phone = '13300000006';
    const { token } = await login(t.app, phone);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.phone, phone));
    expect((await me(t, token)).body.err_code).toBe(402);

    t.clock.advance(60);
    const sessionsBefore = (await t.database.db.select().from(sessions)).length;
    await call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' } });
    const refused = await call(t.app, 'POST', '/app/login', {
      body: { phone, code: await latestCode(t.app, phone) },
    });
    expect(refused.body.err_code).toBe(402);
    expect(refused.response.headers.authorization).toBeUndefined();
    expect(await t.database.db.select().from(sessions)).toHaveLength(sessionsBefore);
  });

  it('revokes the session on logout, and only that session', async () => {
    const phone = '13300000007';
    const kept = await login(t.app, phone);
    t.clock.advance(60);
    const dropped = await login(t.app, phone);
    const logout = await call(t.app, 'POST', '/app/logout', { token: dropped.token });
    expect(logout.body).toEqual({ err_code: 0, data: null });
    expect((await me(t, dropped.token)).body.err_code).toBe(401);
    expect((await call(t.app, 'POST', '/app/logout', { token: dropped.token })).body.err_code).toBe(401);
    expect((await call(t.app, 'POST', '/app/logout')).body.err_code).toBe(400);
    expect((await me(t, kept.token)).body.err_code).toBe(0);
  });

  it('answers requests that arrive together each with its own session (they share one lookup)', async () => {
    const [first, second, third] = await Promise.all(
      ['13300000021', '13300000022', '13300000023'].map((phone) => login(t.app, phone)),
    );
    if (!first || !second || !third) throw new Error('three logins expected');
    expect((await call(t.app, 'POST', '/app/logout', { token: third.token })).body.err_code).toBe(0);
    const answers = await Promise.all(
      [first.token, second.token, first.token, third.token, 'no-such-token', `Bearer ${second.token}`].map(
        (token) => me(t, token),
      ),
    );
    expect(answers.map(({ body }) => body.err_code)).toEqual([0, 0, 0, 401, 401, 0]);
    expect(answers.map(({ body }) => body.data?.id ?? null)).toEqual([
      first.user.id,
      second.user.id,
      first.user.id,
      null,
      null,
      second.user.id,
    ]);
  });

  it('expires a session SESSION_TTL_DAYS (30) after it was issued', async () => {
    const { token, expires_at } = await login(t.app, '13300000008');
    t.clock.advance(30 * 86_400 + 1);
    expect(t.clock.current.getTime()).toBeGreaterThan(new Date(expires_at).getTime());
    const expired = await me(t, token);
    expect(expired.body.err_code).toBe(401);
    expect(expired.response.headers.authorization).toBeUndefined();
  });
});

describe(`session rotation on ${databaseKind}`, () => {
  it('rotates after SESSION_ROTATE_AFTER_SECONDS; the old token keeps working for 120 s only', async () => {
    const { token: original, user } = await login(t.app, '13300000101');
    const early = await me(t, original);
    expect(early.body.err_code).toBe(0);
    expect(early.response.headers.authorization).toBeUndefined();

    t.clock.advance(61);
    const rotated = await me(t, original);
    expect(rotated.body.err_code).toBe(0);
    const fresh = rotated.response.headers.authorization;
    expect(typeof fresh).toBe('string');
    expect(fresh).not.toBe(original);
    expect(Buffer.from(String(fresh), 'base64url').length).toBeGreaterThanOrEqual(16);

    const withFresh = await me(t, String(fresh));
    expect(withFresh.body.data?.id).toBe(user.id);
    expect(withFresh.response.headers.authorization).toBeUndefined();

    t.clock.advance(119);
    const inGrace = await me(t, original);
    expect(inGrace.body.data?.id).toBe(user.id);
    // The old token is not rotated again: it is only tolerated.
    expect(inGrace.response.headers.authorization).toBeUndefined();

    t.clock.advance(2);
    expect((await me(t, original)).body.err_code).toBe(401);
    const stillFresh = await me(t, String(fresh));
    expect(stillFresh.body.data?.id).toBe(user.id);
    expect(stillFresh.response.headers.authorization).toEqual(expect.any(String));
    // Rotation replaces the token of the one session; it creates none.
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('slides the expiry on rotation and ends an idle session after SESSION_TTL_DAYS (30)', async () => {
    const { token } = await login(t.app, '13300000102');
    t.clock.advance(29 * 86_400);
    const rotated = await me(t, token);
    expect(rotated.body.err_code).toBe(0);
    const fresh = String(rotated.response.headers.authorization);

    t.clock.advance(29 * 86_400);
    // 58 days after login, past the first token's 30 days, the rotated token still works.
    const slid = await me(t, fresh);
    expect(slid.body.err_code).toBe(0);
    const latest = String(slid.response.headers.authorization);

    t.clock.advance(30 * 86_400 + 1);
    expect((await me(t, latest)).body.err_code).toBe(401);
  });
});

describe(`a session's state by id on ${databaseKind} (what a chat socket re-checks)`, () => {
  it('answers as authenticate would, without rotating the token; a logout tells the onEnded listeners', async () => {
    const service = createSessionService({
      db: t.database.db,
      secret: t.app.config.SESSION_SECRET,
      ttlDays: 30,
      rotateAfterSeconds: 60,
      now: t.clock.now,
    });
    const endedFor: number[] = [];
    service.onEnded((userId) => endedFor.push(userId));
    const sessionOf = async (userId: number) => {
      const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, userId));
      if (!row) throw new Error('no session');
      return row;
    };

    const { token, user } = await login(t.app, '13300000201');
    const before = await sessionOf(user.id);
    t.clock.advance(61);
    expect(await service.stateOf(before.id)).toBe('ok');
    expect((await sessionOf(user.id)).tokenHash).toBe(before.tokenHash);
    // The token is still the current one: the next request rotates it.
    expect((await me(t, token)).response.headers.authorization).toEqual(expect.any(String));

    await service.revoke(before.id);
    expect(await service.stateOf(before.id)).toBe('invalid');
    expect(endedFor).toEqual([user.id]);

    const other = await login(t.app, '13300000202');
    const otherSession = await sessionOf(other.user.id);
    await t.database.db.update(users).set({ status: 'disabled' }).where(eq(users.id, other.user.id));
    expect(await service.stateOf(otherSession.id)).toBe('disabled');

    const third = await login(t.app, '13300000203');
    const thirdSession = await sessionOf(third.user.id);
    t.clock.advance(30 * 86_400 + 1);
    expect(await service.stateOf(thirdSession.id)).toBe('invalid');
  });
});
