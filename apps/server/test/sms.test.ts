import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LoginResponse, SmsResponse, SmsScene } from '@haoshi/contracts';
import { createSmsService } from '../src/modules/identity/sms-service.ts';
import { smsCodes, users } from '../src/modules/identity/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode } from './helpers/identity.ts';
import { rowCounts } from './helpers/row-counts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const sendSms = (phone: string, ip = '10.0.0.1', headers: Record<string, string> = {}) =>
  call<SmsResponse>(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' }, ip, headers });
const loginWith = (phone: string, code: string) =>
  call<LoginResponse>(t.app, 'POST', '/app/login', { body: { phone, code } });
/** A six-digit code guaranteed to differ from `code`. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function codeRows(phone: string) {
  return t.database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone)).orderBy(smsCodes.id);
}

/** Runs a refusal and checks it left no code and no message behind. */
async function expectRefusalWithoutRows(
  send: () => Promise<{ body: { err_code: number; message?: string } }>,
) {
  const before = await rowCounts(t.database.db);
  const { body } = await send();
  const after = await rowCounts(t.database.db);
  expect(after.sms_codes).toBe(before.sms_codes);
  expect(after.sms_outbox).toBe(before.sms_outbox);
  return body;
}

describe(`SMS one-time codes on ${databaseKind}`, () => {
  it('sends a 6-digit code, readable from the dev outbox, stored only as a hash', async () => {
    const phone = '13500000001';
    const sent = await sendSms(phone);
    expect(sent.body).toEqual({ err_code: 0, data: { cooldown: 60, expires_in: 300 } });
    const code = await latestCode(t.app, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codeRows(phone);
    expect(row?.codeHash).toBeDefined();
    expect(row?.codeHash).not.toContain(code);
    expect(row?.scene).toBe('login');
    expect(row?.ip).toBe('10.0.0.1');
    expect(row?.expiresAt.getTime()).toBe(t.clock.current.getTime() + 300_000);
    const login = await loginWith(phone, code);
    expect(login.body.err_code).toBe(0);
  });

  it('accepts a code up to its fifth minute and refuses it after (2005)', async () => {
    await sendSms('13500000002');
    const fresh = await latestCode(t.app, '13500000002');
    t.clock.advance(299);
    expect((await loginWith('13500000002', fresh)).body.err_code).toBe(0);

    await sendSms('13500000003');
    const stale = await latestCode(t.app, '13500000003');
    t.clock.advance(301);
    const expired = await loginWith('13500000003', stale);
    expect(expired.body).toMatchObject({ err_code: 2005 });
    // The expired code is closed: it stays dead.
    expect((await loginWith('13500000003', stale)).body.err_code).toBe(2007);
  });

  it('is single use (2007 on reuse)', async () => {
    await sendSms('13500000004');
    const code = await latestCode(t.app, '13500000004');
    expect((await loginWith('13500000004', code)).body.err_code).toBe(0);
    const again = await loginWith('13500000004', code);
    expect(again.body.err_code).toBe(2007);
    expect(again.body.message).toBe('请先获取验证码');
  });

  it("is bound to its phone: phone A's code does not log phone B in", async () => {
    const a = '13500000005';
    const b = '13500000006';
    await sendSms(a);
    const codeA = await latestCode(t.app, a);
    // B has no code at all: A's code is no use.
    expect((await loginWith(b, codeA)).body.err_code).toBe(2007);
    await sendSms(b);
    let codeB = await latestCode(t.app, b);
    while (codeB === codeA) {
      t.clock.advance(60);
      await sendSms(b);
      codeB = await latestCode(t.app, b);
    }
    // B has its own code: A's is a wrong try against it.
    expect((await loginWith(b, codeA)).body.err_code).toBe(2004);
    const usersBefore = (await rowCounts(t.database.db)).users;
    expect((await loginWith(a, codeA)).body.err_code).toBe(0);
    expect((await loginWith(b, codeB)).body.err_code).toBe(0);
    expect((await rowCounts(t.database.db)).users).toBe(usersBefore + 2);
  });

  it('is bound to its scene: an unknown scene is refused naming `scene`, and a code works only for its scene', async () => {
    const body = await expectRefusalWithoutRows(() =>
      call(t.app, 'POST', '/app/sms', { body: { phone: '13500000007', scene: 'register' } }),
    );
    expect(body).toMatchObject({ err_code: 1000, field: 'scene' });

    // Only `login` exists on the wire, so the binding is checked on the service itself.
    const delivered: string[] = [];
    const service = createSmsService({
      db: t.database.db,
      provider: { send: (message) => Promise.resolve(void delivered.push(message.content)) },
      secret: 'scene-binding-test-secret',
      brandName: 'test',
      now: t.clock.now,
    });
    await service.sendCode({ phone: '13500000008', scene: 'login', ip: '10.0.0.8' });
    const code = /验证码是(\d{6})/.exec(delivered[0] ?? '')?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const otherScene = 'bind_phone' as SmsScene;
    const wrongScene = await t.database.db.transaction((tx) =>
      service.consumeCode(tx, { phone: '13500000008', scene: otherScene, code }),
    );
    expect(wrongScene.ok).toBe(false);
    const rightScene = await t.database.db.transaction((tx) =>
      service.consumeCode(tx, { phone: '13500000008', scene: 'login', code }),
    );
    expect(rightScene.ok).toBe(true);
  });

  it('dies after 5 wrong tries: 2004 with the remaining count, then 2006, then even the right code fails', async () => {
    const phone = '13500000009';
    await sendSms(phone);
    const code = await latestCode(t.app, phone);
    const wrong = wrongCodeFor(code);
    for (const left of [4, 3, 2, 1]) {
      const { body } = await loginWith(phone, wrong);
      expect(body.err_code).toBe(2004);
      expect(body.message).toContain(`${left}次`);
    }
    const fifth = await loginWith(phone, wrong);
    expect(fifth.body.err_code).toBe(2006);
    const right = await loginWith(phone, code);
    expect(right.body.err_code).not.toBe(0);
    expect(right.body.err_code).toBe(2007);
    const [row] = await codeRows(phone);
    expect(row?.wrongAttempts).toBe(5);
    expect(row?.closedAt).not.toBeNull();
    // No user (hence no session) came out of it.
    expect(await t.database.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
  });

  it('is superseded by a newer code', async () => {
    const phone = '13500000010';
    await sendSms(phone);
    const first = await latestCode(t.app, phone);
    let second = first;
    while (second === first) {
      t.clock.advance(60);
      expect((await sendSms(phone)).body.err_code).toBe(0);
      second = await latestCode(t.app, phone);
    }
    const rows = await codeRows(phone);
    expect(rows.slice(0, -1).every((row) => row.closedAt !== null)).toBe(true);
    expect(rows.at(-1)?.closedAt).toBeNull();
    expect((await loginWith(phone, first)).body.err_code).toBe(2004);
    expect((await loginWith(phone, second)).body.err_code).toBe(0);
  });

  it('refuses a resend within 60 s per phone (2001 naming the seconds), then allows it', async () => {
    const phone = '13500000011';
    expect((await sendSms(phone, '10.0.1.1')).body.err_code).toBe(0);
    const immediate = await expectRefusalWithoutRows(() => sendSms(phone, '10.0.1.2'));
    expect(immediate).toMatchObject({ err_code: 2001, data: { cooldown: 60 } });
    expect(immediate.message).toContain('60秒');
    t.clock.advance(45);
    const later = await expectRefusalWithoutRows(() => sendSms(phone, '10.0.1.3'));
    expect(later).toMatchObject({ err_code: 2001, data: { cooldown: 15 } });
    expect(later.message).toContain('15秒');
    t.clock.advance(15);
    expect((await sendSms(phone, '10.0.1.4')).body.err_code).toBe(0);
    // Another phone is not held back by this one's cooldown.
    expect((await sendSms('13500000012', '10.0.1.1')).body.err_code).toBe(0);
  });

  it('caps codes per phone (10) and per IP (30) per China-time day, resetting at 00:00 UTC+8', async () => {
    const capped = '13500000013';
    const phoneIp = '10.0.2.1';
    for (let sent = 0; sent < 10; sent++) {
      expect((await sendSms(capped, phoneIp)).body.err_code).toBe(0);
      t.clock.advance(60);
    }
    const phoneRefusal = await expectRefusalWithoutRows(() => sendSms(capped, '10.0.2.99'));
    expect(phoneRefusal.err_code).toBe(2002);

    const ip = '10.0.3.1';
    for (let n = 0; n < 30; n++) {
      expect((await sendSms(`1340000${String(n).padStart(4, '0')}`, ip)).body.err_code).toBe(0);
    }
    const ipRefusal = await expectRefusalWithoutRows(() => sendSms('13400000030', ip));
    expect(ipRefusal.err_code).toBe(2003);
    // The same phone from another network is fine: the cap is the IP's.
    expect((await sendSms('13400000031', '10.0.3.2')).body.err_code).toBe(0);
    // A forged X-Forwarded-For from a client that is not a trusted proxy does not change its IP.
    const forged = await expectRefusalWithoutRows(() =>
      sendSms('13400000032', ip, { 'x-forwarded-for': '203.0.113.7' }),
    );
    expect(forged.err_code).toBe(2003);

    // The test clock is on 21 Nov before 16:00 UTC, so the next China midnight is 16:00 UTC that
    // day, eight hours before the UTC one.
    const now = t.clock.current;
    expect(now.getUTCHours()).toBeLessThan(16);
    const chinaMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 16);
    t.clock.advance((chinaMidnight - now.getTime()) / 1000 - 1);
    expect((await expectRefusalWithoutRows(() => sendSms(capped, phoneIp))).err_code).toBe(2002);
    expect((await expectRefusalWithoutRows(() => sendSms('13400000033', ip))).err_code).toBe(2003);
    t.clock.advance(2);
    expect((await sendSms(capped, phoneIp)).body.err_code).toBe(0);
    expect((await sendSms('13400000034', ip)).body.err_code).toBe(0);
  });

  it('refuses login for a phone that never asked for a code (2007)', async () => {
    const before = await rowCounts(t.database.db);
    expect((await loginWith('13500000099', '123456')).body.err_code).toBe(2007);
    expect(await rowCounts(t.database.db)).toEqual(before);
  });
});
