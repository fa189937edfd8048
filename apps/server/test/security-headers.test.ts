import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { inlineScriptHashes } from '../src/plugins/security-headers.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';

const webDist = mkdtempSync(join(tmpdir(), 'haoshi-web-'));
/** Stands for index.html's brand bootstrap: the one inline script the policy lets run. */
const bootstrap = "\n document.documentElement.setAttribute('data-brand', 'app_mhb');\n";
const bootstrapSource = `'sha256-${createHash('sha256').update(bootstrap).digest('base64')}'`;
writeFileSync(
  join(webDist, 'index.html'),
  `<!doctype html><meta name="device-sign-key" content="__DEVICE_SIGN_KEY__"><script>${bootstrap}</script><div id="root"></div><script type="module" src="/assets/index.js"></script>`,
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist, S3_ENDPOINT: 'https://oss.example.com:9000/ignored' });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** The CSP as directive → sources. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = response.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error(`no CSP on ${response.statusCode}`);
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectBaseline(response: LightMyRequestResponse) {
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('same-origin');
  expect(csp(response).get('frame-ancestors')).toEqual(["'none'"]);
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe(`security headers on ${databaseKind}`, () => {
  it('puts the app policy on API answers, errors included: own scripts (and the page bootstrap), own styles and style attributes only', async () => {
    for (const url of ['/app/home/banner', '/app/no-such-route', '/security/v1/token']) {
      const response = await t.app.inject({ method: url.startsWith('/security') ? 'POST' : 'GET', url });
      expectBaseline(response);
      const policy = csp(response);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", bootstrapSource]);
      expect(policy.get('style-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('base-uri')).toEqual(["'none'"]);
      // Pictures and presigned uploads go to object storage's origin, nowhere else.
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://oss.example.com:9000']);
      expect(policy.get('connect-src')).toEqual(["'self'", 'https://oss.example.com:9000']);
      // Style attributes only (the markup of pages the server paints); no inline script or <style>.
      expect(policy.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
      const others = [...policy.entries()].filter(([name]) => name !== 'style-src-attr');
      expect(others.flatMap(([, sources]) => sources)).not.toContain("'unsafe-inline'");
      expect([...policy.values()].flat()).not.toContain("'unsafe-eval'");
    }
  });

  it('serves the web page under the same policy, with its device-sign key in a meta tag', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/goodsDetail?id=1' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('name="device-sign-key"');
    expectBaseline(response);
    expect(csp(response).get('script-src')).toEqual(["'self'", bootstrapSource]);
  });

  it("allows index.html's one inline script, the brand bootstrap, by its hash and nothing else inline", () => {
    const html = readFileSync(fileURLToPath(new URL('../../web/index.html', import.meta.url)), 'utf8');
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes = '']) => !/\bsrc=/.test(attributes),
    );
    expect(inline).toHaveLength(1);
    expect(inline[0]?.[2]).toContain("setAttribute('data-brand'");
    const body = inline[0]?.[2] ?? '';
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
    ]);
  });

  it('gives the sandbox cashier its own policy: inline styles, no script, never framed', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app/sandbox-pay/cashier/0123456789abcdef0123',
    });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expectBaseline(response);
    const policy = csp(response);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'unsafe-inline'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.has('script-src')).toBe(false);
  });

  it('relaxes only styles for Swagger UI at /docs, which applies inline styles; still no inline script', async () => {
    for (const url of ['/docs', '/docs/static/swagger-ui-bundle.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expectBaseline(response);
      const policy = csp(response);
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy.get('script-src')).toEqual(["'self'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
    }
  });

  it('sends HSTS only for HTTPS reaching us through a trusted proxy', async () => {
    const behindTls = await t.app.inject({
      method: 'GET',
      url: '/app/home/banner',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(behindTls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/app/home/banner',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '203.0.113.9',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
