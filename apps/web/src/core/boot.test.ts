import { DEFAULT_DEVICE_ID } from '@haoshi/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen, bootClient } from './boot';
import { getAccessChannel } from './channel';
import { readDeviceSignature } from './device-signature';
import { readPackageName } from './storage';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('bootClient', () => {
  it('detects the environment, signs the device, then asks for a server device id', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/?isHm=1&pkg=app_mhb');

    await bootClient();

    expect(getAccessChannel()).toBe(4);
    expect(readPackageName()).toBe('app_mhb');
    await expect(readDeviceSignature()).resolves.toEqual({
      device_id: DEFAULT_DEVICE_ID,
      channel: 'h5',
      package: 'app_mhb',
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/security/v1/token', expect.anything()));
  });

  it('leaves the device-id flow until the page has loaded', async () => {
    const fetchMock = vi.fn<typeof fetch>(() => new Promise<Response>(() => undefined));
    vi.stubGlobal('fetch', fetchMock);
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');

    await bootClient();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).not.toHaveBeenCalled();

    readyState.mockReturnValue('complete');
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/security/v1/token', expect.anything()));
    readyState.mockRestore();
  });
});

describe('afterFirstScreen', () => {
  it('runs the work once the page is loaded and the main thread idle', async () => {
    const idle = vi.fn((work: () => void) => {
      work();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', idle);
    const work = vi.fn();
    afterFirstScreen(work);
    expect(idle).toHaveBeenCalledOnce();
    expect(work).toHaveBeenCalledOnce();
  });
});
