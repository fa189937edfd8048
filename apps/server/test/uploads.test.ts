import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { UPLOAD_TICKET_TTL_SECONDS } from '@haoshi/contracts';
import { databaseKind, type TestApp } from './helpers/test-app.ts';
import { call, login } from './helpers/identity.ts';
import { createListingsApp, pngBytes, put, tickets } from './helpers/listings.ts';

let t: TestApp;
let token = '';

beforeAll(async () => {
  t = await createListingsApp();
  token = (await login(t.app, '13933330001')).token;
});
afterAll(() => t.close());

/** A JPEG carrying an EXIF block with a GPS position, as phone cameras write it. */
const jpegWithExif = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#3366ff' } })
    .withExif({
      IFD0: { Make: 'HaoshiPhone', Model: 'X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' },
    })
    .jpeg()
    .toBuffer();

describe(`uploads on ${databaseKind}`, () => {
  it('answers credentials and tickets only to a logged-in user', async () => {
    expect((await call(t.app, 'GET', '/app/sts')).body.err_code).toBe(400);
    const sts = await call<{ credentials: Record<string, unknown> }>(t.app, 'GET', '/app/sts', { token });
    expect(sts.body.data?.credentials).toMatchObject({
      provider: 'local',
      ticket_url: '/app/upload/ticket',
      max_bytes: 10 * 1024 * 1024,
    });
    const v2 = await call<{ credentials: Record<string, unknown> }>(
      t.app,
      'GET',
      '/app/sts/v2?purpose=avatar',
      { token },
    );
    expect(v2.body.data?.credentials).toMatchObject({
      purpose: 'avatar',
      public_base_url: '/uploads/',
      resize_suffix: '?x-oss-process=image/resize,w_',
    });
    const refused = await call(t.app, 'POST', '/app/upload/ticket', {
      body: { purpose: 'goods_screenshot', files: [{ content_type: 'image/png', size: 10 }] },
    });
    expect(refused.body.err_code).toBe(400);
  });

  it('stores a re-encoded copy under a server-chosen name, without metadata', async () => {
    const bytes = await jpegWithExif();
    expect((await sharp(bytes).metadata()).exif).toBeDefined();
    const [ticket] = await tickets(t, token, [{ content_type: 'image/jpeg', size: bytes.length }]);
    expect(ticket?.key).toMatch(/^goods-screenshot\/\d{6}\/[a-z0-9]+\.jpg$/);
    expect(ticket?.upload_url).toContain('sig=');
    if (!ticket) throw new Error('no ticket');
    const { body } = await put(t, ticket, bytes);
    expect(body).toMatchObject({ err_code: 0, data: { key: ticket.key, width: 400, height: 300 } });
    const served = await t.app.inject({ method: 'GET', url: ticket.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    // Sizes snap up to the allowed steps (150 → 160), so the cache holds a bounded set per image.
    const resized = await t.app.inject({
      method: 'GET',
      url: `${ticket.url}?x-oss-process=image/resize,w_150`,
    });
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ width: 160, height: 120 });
    const cached = await t.app.inject({
      method: 'GET',
      url: `${ticket.url}?x-oss-process=image/resize,w_160`,
    });
    expect(cached.rawPayload.equals(resized.rawPayload)).toBe(true);
    // OSS's format step: the same size as WebP or AVIF, cached apart from the JPEG copy.
    for (const [format, decoded] of [
      ['webp', 'webp'],
      ['avif', 'heif'],
    ] as const) {
      const converted = await t.app.inject({
        method: 'GET',
        url: `${ticket.url}?x-oss-process=image/resize,w_150/format,${format}`,
      });
      expect(converted.headers['content-type']).toBe(`image/${format}`);
      expect(converted.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(converted.rawPayload).metadata()).toMatchObject({
        format: decoded,
        width: 160,
        height: 120,
      });
    }
    // m_lfit fits inside the box (400×300 into 160×160: 160×120); the default fills it, cropping.
    const fitted = await t.app.inject({
      method: 'GET',
      url: `${ticket.url}?x-oss-process=image/resize,m_lfit,w_150,h_150/format,webp`,
    });
    expect(await sharp(fitted.rawPayload).metadata()).toMatchObject({ width: 160, height: 120 });
    const filled = await t.app.inject({
      method: 'GET',
      url: `${ticket.url}?x-oss-process=image/resize,w_150,h_150/format,webp`,
    });
    expect(await sharp(filled.rawPayload).metadata()).toMatchObject({ width: 160, height: 160 });
    for (const process of [
      'image/resize,w_150/format,gif',
      'image/resize,m_pad,w_150',
      'image/resize,w_150/format,webp/format,avif',
    ]) {
      const refused = await t.app.inject({ method: 'GET', url: `${ticket.url}?x-oss-process=${process}` });
      expect(refused.json()).toMatchObject({ err_code: 1000, field: 'x-oss-process' });
    }
    const bad = await t.app.inject({ method: 'GET', url: `${ticket.url}?x-oss-process=image/crop,w_30` });
    expect(bad.json()).toMatchObject({ err_code: 1000, field: 'x-oss-process' });
  });

  it('refuses bytes that are not the declared image type', async () => {
    const text = Buffer.from('<?php echo "hi"; ?>'.padEnd(200, ' '));
    const [asPng] = await tickets(t, token, [{ content_type: 'image/png', size: text.length }]);
    if (!asPng) throw new Error('no ticket');
    expect((await put(t, asPng, text)).body).toMatchObject({
      err_code: 3104,
      message: '仅支持 JPG、PNG、WEBP 格式的图片',
    });
    const jpeg = await jpegWithExif();
    const [declaredPng] = await tickets(t, token, [{ content_type: 'image/png', size: jpeg.length }]);
    if (!declaredPng) throw new Error('no ticket');
    expect((await put(t, declaredPng, jpeg, 'image/png')).body.err_code).toBe(3104);
    const truncated = (await pngBytes(200, 200)).subarray(0, 60);
    const [broken] = await tickets(t, token, [{ content_type: 'image/png', size: truncated.length }]);
    if (!broken) throw new Error('no ticket');
    expect((await put(t, broken, truncated)).body.err_code).toBe(3106);
    const gif = await call(t.app, 'POST', '/app/upload/ticket', {
      token,
      body: { purpose: 'goods_screenshot', files: [{ content_type: 'image/gif', size: 10 }] },
    });
    expect(gif.body).toMatchObject({ err_code: 1000, field: 'files.0.content_type' });
  });

  it('refuses more bytes than declared or allowed', async () => {
    const bytes = await pngBytes(300, 300);
    const [ticket] = await tickets(t, token, [{ content_type: 'image/png', size: bytes.length - 1 }]);
    if (!ticket) throw new Error('no ticket');
    expect((await put(t, ticket, bytes)).body).toMatchObject({ err_code: 3105 });
    const huge = await call(t.app, 'POST', '/app/upload/ticket', {
      token,
      body: {
        purpose: 'goods_screenshot',
        files: [{ content_type: 'image/png', size: 10 * 1024 * 1024 + 1 }],
      },
    });
    expect(huge.body).toMatchObject({ err_code: 1000, field: 'files.0.size' });
  });

  it('refuses an expired, reused or forged ticket', async () => {
    const bytes = await pngBytes();
    const [used, late, forged] = await tickets(
      t,
      token,
      [0, 1, 2].map(() => ({ content_type: 'image/png', size: bytes.length })),
    );
    if (!used || !late || !forged) throw new Error('no tickets');
    expect((await put(t, used, bytes)).body.err_code).toBe(0);
    expect((await put(t, used, bytes)).body).toMatchObject({
      err_code: 3103,
      message: '上传链接已使用，请重新获取',
    });
    const tampered = { ...forged, upload_url: forged.upload_url.replace(/sig=[^&]+/, 'sig=AAAA') };
    expect((await put(t, tampered, bytes)).body.err_code).toBe(3101);
    const otherKey = { ...forged, upload_url: forged.upload_url.replace(forged.key, late.key) };
    expect((await put(t, otherKey, bytes)).body.err_code).toBe(3101);
    t.clock.advance(UPLOAD_TICKET_TTL_SECONDS + 1);
    expect((await put(t, late, bytes)).body).toMatchObject({
      err_code: 3102,
      message: '上传链接已过期，请重新上传',
    });
  });
});
