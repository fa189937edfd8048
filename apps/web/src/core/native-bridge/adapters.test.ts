import { describe, expect, it, vi } from 'vitest';
import { createAndroidAdapter } from './android';
import { createHarmonyAdapter } from './harmony';
import { createIosAdapter } from './ios';
import { NativeUnavailableError } from './types';

describe('Android adapter', () => {
  it('calls HaoshiAndroid[method] on its object with the payload as JSON', () => {
    const HaoshiAndroid = {
      calls: [] as string[],
      toBuy(this: { calls: string[] }, json: string) {
        this.calls.push(json);
      },
    };
    createAndroidAdapter({ HaoshiAndroid })('toBuy', { goods_id: 7 });
    expect(HaoshiAndroid.calls).toEqual(['{"goods_id":7}']);
  });

  it.each([
    ['no interface object', {}],
    ['method missing', { HaoshiAndroid: { back: vi.fn() } }],
    ['not a function', { HaoshiAndroid: { login: 'yes' } }],
  ])('throws when %s', (_name, host) => {
    expect(() => createAndroidAdapter(host)('login', {})).toThrow(NativeUnavailableError);
  });

  it('lets a throwing native method fail the call', () => {
    const host = {
      HaoshiAndroid: {
        login: () => {
          throw new Error('boom');
        },
      },
    };
    expect(() => createAndroidAdapter(host)('login', {})).toThrow('boom');
  });
});

describe('Harmony adapter', () => {
  it('calls HaoshiHarmony[method] with the payload as JSON', () => {
    const scanImei = vi.fn();
    createHarmonyAdapter({ HaoshiHarmony: { scanImei } })('scanImei', {});
    expect(scanImei).toHaveBeenCalledWith('{}');
  });

  it('does not use the Android object', () => {
    const host = { HaoshiAndroid: { back: vi.fn() }, HaoshiHarmony: undefined };
    expect(() => createHarmonyAdapter(host)('back', {})).toThrow(NativeUnavailableError);
    expect(host.HaoshiAndroid.back).not.toHaveBeenCalled();
  });
});

describe('iOS adapter', () => {
  it('posts the payload object to webkit.messageHandlers[method]', () => {
    const postMessage = vi.fn();
    const host = { webkit: { messageHandlers: { openBrowser: { postMessage } } } };
    createIosAdapter(host)('openBrowser', { url: 'https://example.com' });
    expect(postMessage).toHaveBeenCalledWith({ url: 'https://example.com' });
  });

  it.each([
    ['no webkit', {}],
    ['no handlers', { webkit: {} }],
    ['handler missing', { webkit: { messageHandlers: {} } }],
    ['handler without postMessage', { webkit: { messageHandlers: { back: {} } } }],
  ])('throws when %s', (_name, host) => {
    expect(() => createIosAdapter(host)('back', {})).toThrow(NativeUnavailableError);
  });
});
