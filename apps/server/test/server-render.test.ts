import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { MAIN_PACKAGE, PAINTED_BRAND_ATTRIBUTE, SERVER_RENDER_DATA_ID } from '@haoshi/contracts';
import { hasLoginHint, isPaintable, paintedPage } from '../src/plugins/server-render.ts';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.ts';

// A built client as `npm run build` leaves it (Vite's tags in the head) and a render bundle.
const webDist = mkdtempSync(join(tmpdir(), 'haoshi-web-render-'));
const template = [
  '<!doctype html><html><head><title>淘号号</title>',
  '<script type="module" async crossorigin src="/assets/preload-P1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/routes-R1.js">',
  '<script type="module" crossorigin src="/assets/index-I1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-X1.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index-C1.css">',
  '</head><body><div id="root"></div></body></html>',
].join('\n');
mkdirSync(join(webDist, '.vite'), { recursive: true });
writeFileSync(join(webDist, 'index.html'), template);
writeFileSync(
  join(webDist, '.vite/screen-assets.json'),
  JSON.stringify({
    'src/features/goods-detail/goods-detail-screen.tsx': {
      js: ['assets/goods-detail-screen-G1.js'],
      css: ['assets/goods-detail-screen-G1.css'],
    },
  }),
);

/**
 * Stands in for apps/web's render bundle: paints what its calls answered, or declines (null), fails,
 * or never finishes, by path. Records each render on globalThis for the tests to read.
 */
const rendererPath = join(webDist, 'render-page.mjs');
writeFileSync(
  rendererPath,
  `
export async function renderPage(url, call, visitor) {
  const { pathname } = new URL(url);
  (globalThis.haoshiRenders ??= []).push({ url, visitor });
  if (pathname === '/search_goods_list') return null;
  if (pathname === '/productList') throw new Error('a screen failed');
  if (pathname === '/home') return new Promise(() => {});
  const home = await call({ method: 'GET', url: '/app/home/index_v13', headers: {} });
  const me = await call({ method: 'GET', url: '/app/user/info', headers: {} });
  return {
    html: '<link rel="preload" as="image" href="/uploads/b.png" fetchPriority="high"/><main>banners ' +
      home.body.data.banners.length + ' me ' + me.body.err_code + ' </script> ' + visitor.loggedIn + '</main>',
    data: { loggedIn: visitor.loggedIn, queries: { queries: [], mutations: [], note: '</script><b>' }, loaderData: { '0': null } },
    modules: pathname === '/goodsDetail' ? ['src/features/goods-detail/goods-detail-screen.tsx'] : [],
  };
}
`,
);

interface RenderRecord {
  url: string;
  visitor: { loggedIn: boolean };
}
const renders = (): RenderRecord[] =>
  ((globalThis as { haoshiRenders?: RenderRecord[] }).haoshiRenders ??= []);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST: webDist, WEB_SERVER_RENDER: rendererPath });
});
afterAll(async () => {
  await t.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

function dataOf(html: string): unknown {
  const match = new RegExp(
    `<script type="application/json" id="${SERVER_RENDER_DATA_ID}">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe(`pages the server paints, on ${databaseKind}`, () => {
  it('paints a listed page with its data answered in-process, its screen stylesheets and its hydration data', async () => {
    const response = await get('/goodsDetail?goods_id=1', { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = brotliDecompressSync(response.rawPayload).toString();

    // The banners came from the real endpoint; the visitor's data is never fetched with a login.
    expect(html).toMatch(
      /<div id="root" data-painted-brand="app_thh"><main>banners \d+ me [1-9]\d* <\/script> false<\/main><\/div>/,
    );
    expect(dataOf(html)).toEqual({
      loggedIn: false,
      queries: { queries: [], mutations: [], note: '</script><b>' },
      loaderData: { '0': null },
    });
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/uploads/b.png" fetchPriority="high"/>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/goods-detail-screen-G1.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C1.css">');
  });

  it('holds the client scripts back until the page is on screen, except the small preload entry', async () => {
    const html = (await get('/goodsDetail?goods_id=1')).body;
    expect(html).toContain('<script type="module" async crossorigin src="/assets/preload-P1.js"></script>');
    expect(html).toContain(
      '<script type="text/plain" data-after-paint crossorigin src="/assets/index-I1.js"></script>',
    );
    expect(html).toContain('<link data-after-paint="modulepreload" crossorigin href="/assets/react-X1.js">');
    expect(html).toContain(
      '<link data-after-paint="modulepreload" crossorigin href="/assets/goods-detail-screen-G1.js">',
    );
    expect(html).not.toContain('rel="modulepreload"');
  });

  it("paints a logged-in visitor's frame by the hint cookie, never with their login", async () => {
    const response = await get('/mine', {
      cookie: 'theme=dark; haoshi_signed_in=1',
      authorization: 'Bearer not-forwarded',
    });
    expect(response.body).toMatch(/me [1-9]\d* <\/script> true<\/main>/);
    expect(renders().at(-1)?.visitor).toEqual({ loggedIn: true });
  });

  it('sends the page for the client to draw when the render declines, fails or is too slow', async () => {
    for (const path of ['/search_goods_list?keyword=x', '/productList', '/home']) {
      const response = await get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(template);
    }
  });

  it("leaves other brands' pages, native app pages and unlisted routes to the client", async () => {
    const before = renders().length;
    for (const path of ['/?pkg=app_kxr', '/goodsDetail?goods_id=1&header=%7B%7D', '/wallet', '/billList']) {
      expect((await get(path)).body).toBe(template);
    }
    expect(renders().length).toBe(before);
    expect((await get('/?pkg=app_thh')).body).toContain('data-after-paint');
  });

  it("allows the painted markup's style attributes, and no inline <style> or script beyond the known", async () => {
    const policy = String((await get('/')).headers['content-security-policy']);
    expect(policy).toContain("style-src-attr 'unsafe-inline'");
    expect(policy).toMatch(/style-src 'self'(;|$)/);
    expect(policy).toMatch(/script-src 'self'(;|$)/);
  });
});

describe('server render rules', () => {
  it('paints the listed public pages of the main brand only', () => {
    const url = (path: string) => new URL(path, 'http://h');
    expect(isPaintable(url('/'))).toBe(true);
    expect(isPaintable(url('/goodsDetail?goods_id=3&pkg=app_thh'))).toBe(true);
    expect(isPaintable(url('/goodsDetail?goods_id=3&pkg=unknown'))).toBe(false);
    expect(isPaintable(url('/kxrGoodsDetail?goods_id=3'))).toBe(false);
    expect(isPaintable(url('/mine?isHm=1'))).toBe(false);
    expect(isPaintable(url('/mine?sb_h=20'))).toBe(false);
  });

  it('reads the login hint only as its exact cookie', () => {
    expect(hasLoginHint('haoshi_signed_in=1')).toBe(true);
    expect(hasLoginHint('a=b;  haoshi_signed_in=1 ; c=d')).toBe(true);
    expect(hasLoginHint('haoshi_signed_in=0')).toBe(false);
    expect(hasLoginHint('xhaoshi_signed_in=1')).toBe(false);
    expect(hasLoginHint(undefined)).toBe(false);
  });

  it('keeps the page template whole apart from the root and the head', () => {
    const page = paintedPage(
      '<html><head></head><body><div id="root"></div></body></html>',
      { html: '<p>x</p>', data: { loggedIn: false, queries: {}, loaderData: {} }, modules: ['unknown.tsx'] },
      {},
    );
    expect(page).toBe(
      `<html><head></head><body><div id="root" ${PAINTED_BRAND_ATTRIBUTE}="${MAIN_PACKAGE}"><p>x</p></div><script type="application/json" id="${SERVER_RENDER_DATA_ID}">{"loggedIn":false,"queries":{},"loaderData":{}}</script></body></html>`,
    );
  });
});
