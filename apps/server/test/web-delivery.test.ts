import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';

// A built client as `npm run build` leaves it: hashed assets with brotli and gzip copies beside them.
const webDist = mkdtempSync(join(tmpdir(), 'haoshi-web-'));
const script = `console.log(${JSON.stringify('淘号号 '.repeat(400))});`;
const unhashedIcon = '<svg xmlns="http://www.w3.org/2000/svg"/>';
mkdirSync(join(webDist, 'assets'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><meta name="device-sign-key" content="__DEVICE_SIGN_KEY__"><div id="root"></div><script type="module" src="/assets/index-Ab12Cd34.js"></script>',
);
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js'), script);
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
writeFileSync(join(webDist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
writeFileSync(join(webDist, 'logo.svg'), unhashedIcon);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist, DEVICE_SIGN_KEY: 'k'.repeat(32) });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString();
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return response.body;
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  expect(response.headers['content-security-policy']).toMatch(/script-src 'self'/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
}

describe(`web client delivery on ${databaseKind}`, () => {
  it('sends a hashed asset as its brotli copy, cached for a year, under the security headers', async () => {
    const response = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['vary']).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(decoded(response)).toBe(script);
    expectSecurityHeaders(response);
  });

  it('falls back to the gzip copy, then to the file itself, as the browser accepts', async () => {
    const gzip = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(script);

    for (const accepted of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/index-Ab12Cd34.js', accepted);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates files outside /assets/ every time (their names do not change with their content)', async () => {
    const response = await get('/logo.svg', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(decoded(response)).toBe(unhashedIcon);
  });

  it('answers every client route with index.html, never cached, compressed when accepted, key filled in', async () => {
    for (const [url, accepted, encoding] of [
      ['/', 'gzip, deflate, br', 'br'],
      ['/goodsDetail?goods_id=1', 'gzip', 'gzip'],
      ['/mine', undefined, undefined],
    ] as const) {
      const response = await get(url, accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(response.headers['content-encoding']).toBe(encoding);
      const html = decoded(response);
      expect(html).toContain(`content="${'k'.repeat(32)}"`);
      expect(html).not.toContain('__DEVICE_SIGN_KEY__');
      expectSecurityHeaders(response);
    }
  });

  it('does not answer a missing asset with the page', async () => {
    const response = await get('/assets/index-Gone0000.js', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/json/);
  });
});
