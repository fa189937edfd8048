import type { IndexHtmlTransformContext, ResolvedConfig, ViteDevServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { deviceSignKeyPlugin } from './device-sign-key-plugin';

const page = '<meta name="device-sign-key" content="__DEVICE_SIGN_KEY__" />';

function resolve(key: string | undefined): void {
  const hook = deviceSignKeyPlugin(key).configResolved;
  if (typeof hook !== 'function') throw new Error('configResolved is not a function');
  void hook.call({} as never, {} as ResolvedConfig);
}

function transform(key: string | undefined, serving: boolean): unknown {
  const hook = deviceSignKeyPlugin(key).transformIndexHtml;
  if (typeof hook !== 'function') throw new Error('transformIndexHtml is not a function');
  const context = { path: '/index.html', filename: 'index.html' } as IndexHtmlTransformContext;
  if (serving) context.server = {} as ViteDevServer;
  return hook.call({} as never, page, context);
}

describe('the device-sign key at build', () => {
  it('refuses a 24-byte key with the reason', () => {
    expect(() => resolve('0123456789abcdef01234567')).toThrow(
      'DEVICE_SIGN_KEY must be 16 or 32 bytes (AES-128 or AES-256; browsers refuse AES-192), got 24 bytes',
    );
  });

  it.each([['0123456789abcdef'], ['0123456789abcdef0123456789abcdef'], [undefined]])('accepts %j', (key) =>
    expect(() => resolve(key)).not.toThrow(),
  );

  it('leaves the placeholder in a build (the server fills it in) and fills it in on the dev server', () => {
    expect(transform('0123456789abcdef', false)).toBe(page);
    expect(transform('0123456789abcdef', true)).toBe(page.replace('__DEVICE_SIGN_KEY__', '0123456789abcdef'));
    expect(transform(undefined, true)).toBe(page);
  });
});
