import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { apiPaths, DEFAULT_DEVICE_ID, DEFAULT_DEVICE_SIGN_KEY } from '@haoshi/contracts';
import { Dialog, Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  decryptDeviceSignature,
  deviceSignKey,
  encryptDeviceSignature,
  ensureDeviceSignature,
  readDeviceSignature,
  refreshDeviceId,
} from './device-signature';
import { loadFeedbackUi } from './feedback-ui';
import { reply, setupFakeApi, type FakeHandler } from './http/fake-api.test-support';
import { readHeaderSign, writeHeaderSign, writePackageName } from './storage';

/**
 * What the server does (identity/device-signature.ts): URL-safe base64 → IV (16 bytes) + AES-CBC
 * ciphertext, AES-128 or AES-256 by the key's length → JSON.
 */
function nodeDecrypt(sealed: string, key = DEFAULT_DEVICE_SIGN_KEY): unknown {
  const bytes = Buffer.from(sealed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  const cipher = `aes-${Buffer.byteLength(key) * 8}-cbc`;
  const decipher = createDecipheriv(cipher, Buffer.from(key, 'utf8'), bytes.subarray(0, 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(16)), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

function storedSign(): string {
  return readHeaderSign().sign ?? '';
}

function setMetaKey(content: string): void {
  const meta = document.createElement('meta');
  meta.name = 'device-sign-key';
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.querySelectorAll('meta[name="device-sign-key"]').forEach((meta) => meta.remove());
});

describe('encryption (SPEC §9)', () => {
  const signature = { device_id: 'dev-1', channel: 'h5' as const, package: 'app_mhb' };

  it('produces what the server decrypts with node:crypto', async () => {
    const sealed = await encryptDeviceSignature(signature);
    expect(nodeDecrypt(sealed)).toEqual(signature);
  });

  it('is URL-safe base64 of a random IV followed by whole AES blocks', async () => {
    const sealed = await encryptDeviceSignature(signature);
    expect(sealed).toMatch(/^[A-Za-z0-9_-]+=*$/);
    const bytes = Buffer.from(sealed, 'base64url');
    expect(bytes.length % 16).toBe(0);
    expect(bytes.length).toBeGreaterThan(16);
    const again = await encryptDeviceSignature(signature);
    expect(again.slice(0, 22)).not.toBe(sealed.slice(0, 22));
  });

  it('decrypts its own output', async () => {
    await expect(decryptDeviceSignature(await encryptDeviceSignature(signature))).resolves.toEqual(signature);
  });

  it.each([
    ['garbage', () => Promise.resolve('not-base64!!')],
    ['another key', () => encryptDeviceSignature(signature, 'another-key-of-exactly-32-bytes!')],
    ['a non-signature payload', () => encryptDeviceSignature({ ...signature, channel: 'ios' as 'h5' })],
  ])('gives undefined for %s', async (_name, make) => {
    await expect(decryptDeviceSignature(await make())).resolves.toBeUndefined();
  });
});

/** A page on plain HTTP: crypto.subtle is missing (getRandomValues is still there). */
function withoutWebCrypto(): () => void {
  Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
  return () => Reflect.deleteProperty(globalThis.crypto, 'subtle');
}

describe.each([
  ['Web Crypto', () => () => undefined],
  ['the @noble/ciphers fallback (plain HTTP)', withoutWebCrypto],
])('interoperability with the server through %s', (_path, setUp) => {
  const signature = { device_id: 'hs-设备-1', channel: 'h5' as const, package: 'app_kxr' };
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = setUp();
  });
  afterEach(() => restore());

  it.each([
    ['AES-128', '0123456789abcdef'],
    ['AES-256', DEFAULT_DEVICE_SIGN_KEY],
  ])('the server reads what the client encrypts with %s, and the client reads it back', async (_aes, key) => {
    const sealed = await encryptDeviceSignature(signature, key);
    expect(nodeDecrypt(sealed, key)).toEqual(signature);
    await expect(decryptDeviceSignature(sealed, key)).resolves.toEqual(signature);
  });

  it('reads what the server encrypts', async () => {
    const key = '0123456789abcdef';
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-128-cbc', Buffer.from(key, 'utf8'), iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(signature), 'utf8'), cipher.final()]);
    const sealed = Buffer.concat([iv, body]).toString('base64url');
    await expect(decryptDeviceSignature(sealed, key)).resolves.toEqual(signature);
  });

  it('refuses a 24-byte key (Chromium has no AES-192) instead of signing differently per browser', async () => {
    await expect(encryptDeviceSignature(signature, '0123456789abcdef01234567')).rejects.toThrow(
      'DEVICE_SIGN_KEY must be 16 or 32 bytes',
    );
  });

  it('stores a signature on first start', async () => {
    await ensureDeviceSignature();
    expect(nodeDecrypt(storedSign())).toMatchObject({ device_id: DEFAULT_DEVICE_ID, channel: 'h5' });
  });
});

describe('deviceSignKey', () => {
  it('uses the page’s meta key', () => {
    setMetaKey('0123456789abcdef0123456789abcdef');
    expect(deviceSignKey()).toBe('0123456789abcdef0123456789abcdef');
  });

  it.each([['__DEVICE_SIGN_KEY__'], ['']])(
    'falls back to the built-in key when the meta holds %j',
    (content) => {
      setMetaKey(content);
      expect(deviceSignKey()).toBe(DEFAULT_DEVICE_SIGN_KEY);
    },
  );

  it('falls back to the built-in key without a meta tag', () => {
    expect(deviceSignKey()).toBe(DEFAULT_DEVICE_SIGN_KEY);
  });
});

describe('ensureDeviceSignature', () => {
  it('stores the default device id with channel h5 and the current package in both storages', async () => {
    writePackageName('app_mhb');
    writeHeaderSign({ Authorization: 't' });
    await ensureDeviceSignature();
    const expected = { device_id: DEFAULT_DEVICE_ID, channel: 'h5', package: 'app_mhb' };
    const fromLocal = JSON.parse(localStorage.getItem('app_header_sign') ?? '{}') as Record<string, string>;
    const fromSession = JSON.parse(sessionStorage.getItem('app_header_sign') ?? '{}') as Record<
      string,
      string
    >;
    expect(nodeDecrypt(fromLocal.sign ?? '')).toEqual(expected);
    expect(nodeDecrypt(fromSession.sign ?? '')).toEqual(expected);
    expect(fromLocal.Authorization).toBe('t');
    await expect(readDeviceSignature()).resolves.toEqual(expected);
  });

  it('encrypts with the key the page was served with', async () => {
    const key = 'server-configured-key-32-bytes!!';
    setMetaKey(key);
    await ensureDeviceSignature();
    expect(nodeDecrypt(storedSign(), key)).toMatchObject({ device_id: DEFAULT_DEVICE_ID });
  });

  it('leaves an existing signature alone', async () => {
    writeHeaderSign({ sign: 'from-native-app' });
    await ensureDeviceSignature();
    expect(storedSign()).toBe('from-native-app');
  });
});

describe('refreshDeviceId (SPEC §4 device identity flow)', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const fake = setupFakeApi();
  let original = '';

  beforeEach(async () => {
    // Loaded up front, Toast and Dialog calls are synchronous, so 'not shown' below is exact.
    await loadFeedbackUi();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(Toast, 'show');
    vi.spyOn(Dialog, 'confirm');
    vi.spyOn(Dialog, 'alert');
    writePackageName('app_thw');
    await ensureDeviceSignature();
    original = storedSign();
  });

  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  type DeviceHandler = FakeHandler<'GET /app/device/v2'>;
  const deviceServer = (handler: DeviceHandler) => fake.on(apiPaths.deviceId, handler);

  it('trades the provider token for a server device id', async () => {
    fetchMock.mockResolvedValue(Response.json({ code: 201, token: 'tok-安全' }));
    deviceServer(() => ({ device_id: 'srv-device-42' }));
    await refreshDeviceId();

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/security/v1/token');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      device_id: DEFAULT_DEVICE_ID,
      package: 'app_thw',
    });

    const expectedToken = Buffer.from('tok-安全', 'utf8').toString('base64');
    expect(fake.requests[0]?.url).toBe(`/app/device/v2?token=${encodeURIComponent(expectedToken)}`);
    expect(fake.requests[0]?.config.headers['sign']).toBe(original);
    expect(nodeDecrypt(storedSign())).toEqual({
      device_id: 'srv-device-42',
      channel: 'h5',
      package: 'app_thw',
    });
  });

  it('tries the configured provider addresses in order', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(Response.json({ code: 200, token: 't' }));
    deviceServer(() => ({ device_id: 'srv-2' }));
    await refreshDeviceId({ baseUrls: ['https://risk-a.example', 'https://risk-b.example'] });
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      'https://risk-a.example/security/v1/token',
      'https://risk-b.example/security/v1/token',
    ]);
    expect(nodeDecrypt(storedSign())).toMatchObject({ device_id: 'srv-2' });
  });

  // Without a device handler, a device call after a provider failure would fail the test.
  const failures: [name: string, provider: () => Promise<Response>, device?: DeviceHandler][] = [
    ['provider code 500', () => Promise.resolve(Response.json({ code: 500, message: 'busy' }))],
    ['provider without token', () => Promise.resolve(Response.json({ code: 200 }))],
    ['provider unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['provider HTTP 503', () => Promise.resolve(new Response('', { status: 503 }))],
    [
      'device call err_code ≠ 0',
      () => Promise.resolve(Response.json({ code: 200, token: 't' })),
      () => reply.error(2201, '设备校验失败'),
    ],
    [
      'device call refused with a dialog',
      () => Promise.resolve(Response.json({ code: 200, token: 't' })),
      () => reply.error(2201, '设备校验失败', { dialog: { type: 1, message: '设备校验失败' } }),
    ],
    [
      'device call network error',
      () => Promise.resolve(Response.json({ code: 200, token: 't' })),
      reply.network,
    ],
    [
      'device call without device_id',
      () => Promise.resolve(Response.json({ code: 200, token: 't' })),
      () => ({ device_id: '' }),
    ],
    [
      'device call with an over-long device_id',
      () => Promise.resolve(Response.json({ code: 200, token: 't' })),
      () => ({ device_id: 'x'.repeat(129) }),
    ],
  ];

  it.each(failures)('%s: silent, signature unchanged', async (_name, provider, device) => {
    fetchMock.mockImplementation(provider);
    if (device) deviceServer(device);
    await expect(refreshDeviceId()).resolves.toBeUndefined();
    expect(storedSign()).toBe(original);
    expect(Toast.show).not.toHaveBeenCalled();
    expect(Dialog.confirm).not.toHaveBeenCalled();
    expect(Dialog.alert).not.toHaveBeenCalled();
  });
});
