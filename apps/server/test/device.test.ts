import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import {
  DEFAULT_DEVICE_ID,
  DEFAULT_DEVICE_SIGN_KEY,
  type DeviceIdData,
  type DeviceSignature,
  type LoginResponse,
  type SecurityTokenResponse,
} from '@haoshi/contracts';
import { decryptDeviceSignature, encryptDeviceSignature } from '../src/modules/identity/device-signature.ts';
import { devices, sessions } from '../src/modules/identity/tables.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, latestCode, login } from './helpers/identity.ts';
import { rowCounts } from './helpers/row-counts.ts';

const signature = (deviceId: string): DeviceSignature => ({
  device_id: deviceId,
  channel: 'h5',
  package: 'app_thh',
});

describe('device signature encryption', () => {
  const keys = ['0123456789abcdef', DEFAULT_DEVICE_SIGN_KEY];

  it('round-trips with 16 and 32 byte keys', () => {
    for (const key of keys) {
      for (const deviceId of ['d', 'hs-device-1', 'x'.repeat(128), '设备😀']) {
        const sign = { device_id: deviceId, channel: 'h5' as const, package: 'app_kxr' };
        expect(decryptDeviceSignature(encryptDeviceSignature(sign, key), key)).toEqual(sign);
      }
    }
  });

  it('uses the URL-safe alphabet, and still reads the standard one', () => {
    let sawUrlSafeCharacter = false;
    for (let n = 0; n < 200; n++) {
      const sign = signature(randomBytes(1 + (n % 40)).toString('hex'));
      const encrypted = encryptDeviceSignature(sign, DEFAULT_DEVICE_SIGN_KEY);
      expect(encrypted).toMatch(/^[A-Za-z0-9_-]+={0,2}$/);
      sawUrlSafeCharacter ||= /[-_]/.test(encrypted);
      const standard = encrypted.replace(/-/g, '+').replace(/_/g, '/');
      expect(decryptDeviceSignature(standard, DEFAULT_DEVICE_SIGN_KEY)).toEqual(sign);
    }
    expect(sawUrlSafeCharacter).toBe(true);
  });

  it('encrypts with a fresh IV each time', () => {
    const sign = signature('same');
    expect(encryptDeviceSignature(sign, DEFAULT_DEVICE_SIGN_KEY)).not.toBe(
      encryptDeviceSignature(sign, DEFAULT_DEVICE_SIGN_KEY),
    );
  });

  it('answers undefined, never throws, for anything it cannot read', () => {
    const good = encryptDeviceSignature(signature('hs1'), DEFAULT_DEVICE_SIGN_KEY);
    const otherKey = 'another-device-sign-key-32-bytes';
    const unreadable = [
      '',
      'not base64 at all!!',
      randomBytes(48).toString('base64url'),
      good.slice(0, -4),
      good.slice(0, 40),
      good.slice(22),
      `AAAA${good}`,
      encryptDeviceSignature(signature('hs1'), otherKey),
      // Well encrypted, but not a device signature.
      encryptDeviceSignature(
        { device_id: 'x', channel: 'ios', package: 'p' } as unknown as DeviceSignature,
        DEFAULT_DEVICE_SIGN_KEY,
      ),
      encryptDeviceSignature({ device_id: '', channel: 'h5', package: 'p' }, DEFAULT_DEVICE_SIGN_KEY),
    ];
    for (const value of unreadable) {
      expect(decryptDeviceSignature(value, DEFAULT_DEVICE_SIGN_KEY), value).toBeUndefined();
    }
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function securityToken(deviceId: string, fingerprint = 'fp') {
  const { response, body } = await call(t.app, 'POST', '/security/v1/token', {
    body: { device_id: deviceId, package: 'app_thh', fingerprint },
  });
  expect(response.statusCode).toBe(200);
  return body as unknown as SecurityTokenResponse;
}
const encode = (token: string) => Buffer.from(token, 'utf8').toString('base64');
const deviceId = (query: string, token?: string) =>
  call<DeviceIdData>(t.app, 'GET', `/app/device/v2?token=${query}`, token ? { token } : {});

describe(`device id on ${databaseKind}`, () => {
  it('gives a fresh client (default id) a new server device id, and a known device the same one', async () => {
    const issued = await securityToken(DEFAULT_DEVICE_ID);
    expect(issued.code).toBe(200);
    expect(typeof issued.token).toBe('string');

    const before = await rowCounts(t.database.db);
    const first = await deviceId(encodeURIComponent(encode(issued.token ?? '')));
    expect(first.body.err_code).toBe(0);
    const id = first.body.data?.device_id ?? '';
    expect(id).not.toBe(DEFAULT_DEVICE_ID);
    expect(id.length).toBeGreaterThanOrEqual(16);
    expect((await rowCounts(t.database.db)).devices).toBe(before.devices + 1);
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, id));
    expect(row?.package).toBe('app_thh');
    expect(row?.fingerprint).not.toBe('fp');

    const known = await securityToken(id);
    expect(known.code).toBe(201);
    const again = await deviceId(encodeURIComponent(encode(known.token ?? '')));
    expect(again.body).toEqual({ err_code: 0, data: { device_id: id } });
    expect((await rowCounts(t.database.db)).devices).toBe(before.devices + 1);
  });

  it('gives two fresh clients different ids, and a never-seen id a new one', async () => {
    const ids = new Set<string>();
    for (const start of [DEFAULT_DEVICE_ID, DEFAULT_DEVICE_ID, 'hs-made-up-by-the-client']) {
      const issued = await securityToken(start);
      expect(issued.code).toBe(200);
      const { body } = await deviceId(encodeURIComponent(encode(issued.token ?? '')));
      expect(body.data?.device_id).not.toBe(start);
      ids.add(body.data?.device_id ?? '');
    }
    expect(ids.size).toBe(3);
  });

  it('links the device to the logged-in user asking for it', async () => {
    const { token, user } = await login(t.app, '13100000001');
    const issued = await securityToken(DEFAULT_DEVICE_ID);
    const { body } = await deviceId(encodeURIComponent(encode(issued.token ?? '')), token);
    const [row] = await t.database.db
      .select()
      .from(devices)
      .where(eq(devices.id, body.data?.device_id ?? ''));
    expect(row?.userId).toBe(user.id);
  });

  it('refuses a tampered token (2201) and one older than 120 s (2202), writing nothing', async () => {
    const token = (await securityToken(DEFAULT_DEVICE_ID)).token ?? '';
    const [payload = '', mac = ''] = token.split('.');
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const forgedPayload = Buffer.from(
      JSON.stringify({
        ...(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object),
        d: 'hs-victim',
      }),
    ).toString('base64url');
    const before = await rowCounts(t.database.db);
    for (const tampered of [
      `${flip(payload, 5)}.${mac}`,
      `${payload}.${flip(mac, 3)}`,
      `${forgedPayload}.${mac}`,
      `${payload}.`,
      `${payload}.${mac}.extra`,
      payload,
    ]) {
      expect((await deviceId(encodeURIComponent(encode(tampered)))).body.err_code, tampered).toBe(2201);
    }
    // The raw (not base64-wrapped) token is not accepted either.
    expect((await deviceId(encodeURIComponent(token))).body.err_code).toBe(2201);

    const old = (await securityToken(DEFAULT_DEVICE_ID)).token ?? '';
    const borderline = (await securityToken(DEFAULT_DEVICE_ID)).token ?? '';
    t.clock.advance(120);
    expect((await deviceId(encodeURIComponent(encode(borderline)))).body.err_code).toBe(0);
    t.clock.advance(1);
    expect((await deviceId(encodeURIComponent(encode(old)))).body.err_code).toBe(2202);
    expect((await rowCounts(t.database.db)).devices).toBe(before.devices + 1);
  });

  it('answers garbage tokens with 2201 or 1000, never 5xx, writing nothing', async () => {
    const before = await rowCounts(t.database.db);
    for (const garbage of [
      '%25%25%25',
      encodeURIComponent('!!!@@@###'),
      encodeURIComponent('你好😀'),
      encodeURIComponent('====='),
      'AAAA',
      encodeURIComponent(randomBytes(300).toString('base64')),
      '',
      'x'.repeat(5000),
      '%E0%A4%A',
      'a&token=b',
    ]) {
      const { response, body } = await deviceId(garbage);
      expect(response.statusCode, garbage).toBe(200);
      expect([2201, 1000], garbage).toContain(body.err_code);
    }
    expect(await rowCounts(t.database.db)).toEqual(before);
  });

  it('validates the security-token request with an envelope naming the field', async () => {
    const missing = await call(t.app, 'POST', '/security/v1/token', { body: { package: 'app_thh' } });
    expect(missing.response.statusCode).toBe(200);
    expect(missing.body).toMatchObject({ err_code: 1000, field: 'device_id' });
    const tooLong = await call(t.app, 'POST', '/security/v1/token', {
      body: { device_id: 'x'.repeat(129), package: 'p' },
    });
    expect(tooLong.body).toMatchObject({ err_code: 1000, field: 'device_id' });
  });
});

describe(`device signature header on ${databaseKind}`, () => {
  async function loginWithSign(phone: string, sign: string | undefined) {
    await call(t.app, 'POST', '/app/sms', { body: { phone, scene: 'login' } });
    const code = await latestCode(t.app, phone);
    const { body } = await call<LoginResponse>(t.app, 'POST', '/app/login', {
      body: { phone, code },
      headers: sign === undefined ? {} : { sign },
    });
    expect(body.err_code, `login with sign ${sign}`).toBe(0);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, body.data?.user.id ?? -1))
      .orderBy(desc(sessions.id))
      .limit(1);
    return session;
  }

  it('records the device of a login carrying a valid signature', async () => {
    const session = await loginWithSign(
      '13100000010',
      encryptDeviceSignature(signature('hs-known-device'), DEFAULT_DEVICE_SIGN_KEY),
    );
    expect(session?.deviceId).toBe('hs-known-device');
  });

  it('treats an undecryptable signature as an unknown device and still serves the request', async () => {
    const good = encryptDeviceSignature(signature('hs-other'), DEFAULT_DEVICE_SIGN_KEY);
    const unreadable = [
      randomBytes(32).toString('hex'),
      good.slice(0, good.length - 6),
      encryptDeviceSignature(signature('hs-other'), 'another-device-sign-key-32-bytes'),
      'x'.repeat(3000),
      '',
    ];
    for (const [index, sign] of unreadable.entries()) {
      const session = await loginWithSign(`1310000002${index}`, sign);
      expect(session?.deviceId, sign).toBeNull();
    }
    expect((await loginWithSign('13100000030', undefined))?.deviceId).toBeNull();
  });
});
