import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessChannel } from './channel';
import { startLoginFlow } from './login-flow';
import { setNavigator } from './navigation';
import { getAuthorization, readHeaderSign, writeHeaderSign, writeSoftwareType } from './storage';

type HostWindow = Window & { HaoshiAndroid?: unknown };
const host = window as HostWindow;
const navigate = vi.fn();
let unregister: () => void;

beforeEach(() => {
  unregister = setNavigator(navigate);
  writeHeaderSign({ Authorization: 'stale', Os: '4' });
});

afterEach(() => {
  unregister();
  navigate.mockReset();
  delete host.HaoshiAndroid;
  window.history.replaceState(null, '', '/');
});

describe('startLoginFlow', () => {
  it('on the web clears the token and opens /h5Login with the current page as redirect', () => {
    window.history.replaceState(null, '', '/wallet?tab=bill');
    startLoginFlow();
    expect(getAuthorization()).toBe('');
    expect(readHeaderSign()).toEqual({ Os: '4' });
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2Fwallet%3Ftab%3Dbill', undefined);
  });

  it('uses an explicit redirect', () => {
    startLoginFlow('/order_detail?order_id=5');
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2Forder_detail%3Forder_id%3D5', undefined);
  });

  it('does not navigate again when already on /h5Login', () => {
    window.history.replaceState(null, '', '/h5Login?redirect=%2Fwallet');
    startLoginFlow();
    expect(navigate).not.toHaveBeenCalled();
    expect(getAuthorization()).toBe('');
  });

  it('never redirects back to the login page itself', () => {
    startLoginFlow('/h5Login?redirect=%2F');
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2F', undefined);
  });

  it('inside a native app asks the app to log in and keeps the stored token', () => {
    writeSoftwareType(AccessChannel.ANDROID);
    const login = vi.fn();
    host.HaoshiAndroid = { login };
    startLoginFlow();
    expect(login).toHaveBeenCalledWith('{}');
    expect(getAuthorization()).toBe('stale');
    expect(navigate).not.toHaveBeenCalled();
  });
});
