import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  clearAuthorization,
  getAuthorization,
  isLoggedIn,
  patchHeaderSign,
  readHeaderSign,
  readPackageName,
  readSoftwareType,
  readStatusBarHeight,
  setAuthorization,
  subscribeHeaderSign,
  toHeaderSign,
  useIsLoggedIn,
  writeHeaderSign,
  writePackageName,
  writeSoftwareType,
  writeStatusBarHeight,
} from './storage';

describe('readHeaderSign', () => {
  it('is empty when nothing is stored', () => {
    expect(readHeaderSign()).toEqual({});
  });

  it('prefers session storage over local storage', () => {
    sessionStorage.setItem('app_header_sign', JSON.stringify({ Authorization: 'session' }));
    localStorage.setItem('app_header_sign', JSON.stringify({ Authorization: 'local' }));
    expect(readHeaderSign()).toEqual({ Authorization: 'session' });
  });

  it('falls back to local storage when the session holds nothing', () => {
    localStorage.setItem('app_header_sign', JSON.stringify({ Authorization: 'local' }));
    expect(readHeaderSign()).toEqual({ Authorization: 'local' });
  });

  it.each([['not json {'], ['"a string"'], ['[1,2]'], ['null'], ['42']])(
    'skips a session value of %s and reads local storage',
    (garbage) => {
      sessionStorage.setItem('app_header_sign', garbage);
      localStorage.setItem('app_header_sign', JSON.stringify({ Os: '4' }));
      expect(readHeaderSign()).toEqual({ Os: '4' });
    },
  );

  it('keeps strings, stringifies numbers and booleans, drops other values', () => {
    localStorage.setItem(
      'app_header_sign',
      JSON.stringify({ Os: 4, debug: true, sign: 's', nested: { a: 1 }, none: null }),
    );
    expect(readHeaderSign()).toEqual({ Os: '4', debug: 'true', sign: 's' });
  });

  it('reads nothing when storage access throws', () => {
    const spy = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(readHeaderSign()).toEqual({});
    spy.mockRestore();
  });
});

describe('toHeaderSign', () => {
  it.each([[null], ['x'], [[]], [3]])('rejects %j', (value) => {
    expect(toHeaderSign(value)).toBeUndefined();
  });
});

describe('writing headers', () => {
  it('writes both session and local storage', () => {
    writeHeaderSign({ Authorization: 't', Os: '4' });
    expect(JSON.parse(sessionStorage.getItem('app_header_sign') ?? '')).toEqual({
      Authorization: 't',
      Os: '4',
    });
    expect(JSON.parse(localStorage.getItem('app_header_sign') ?? '')).toEqual({
      Authorization: 't',
      Os: '4',
    });
  });

  it('patches, removing headers set to undefined', () => {
    writeHeaderSign({ Authorization: 't', Os: '4', sign: 's' });
    patchHeaderSign({ Os: '1', sign: undefined, extra: 'e' });
    expect(readHeaderSign()).toEqual({ Authorization: 't', Os: '1', extra: 'e' });
  });

  it('notifies subscribers until they unsubscribe', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeHeaderSign(listener);
    setAuthorization('a');
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    setAuthorization('b');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('authorization', () => {
  it('sets, reads and clears the token while keeping other headers', () => {
    writeHeaderSign({ Os: '4' });
    expect(isLoggedIn()).toBe(false);
    setAuthorization('token-1');
    expect(getAuthorization()).toBe('token-1');
    expect(isLoggedIn()).toBe(true);
    clearAuthorization();
    expect(getAuthorization()).toBe('');
    expect(isLoggedIn()).toBe(false);
    expect(readHeaderSign()).toEqual({ Os: '4' });
  });

  it('treats an empty Authorization as logged out', () => {
    writeHeaderSign({ Authorization: '' });
    expect(isLoggedIn()).toBe(false);
  });

  it('useIsLoggedIn follows the stored token', () => {
    const { result } = renderHook(() => useIsLoggedIn());
    expect(result.current).toBe(false);
    act(() => setAuthorization('t'));
    expect(result.current).toBe(true);
    act(() => clearAuthorization());
    expect(result.current).toBe(false);
  });
});

describe('other keys', () => {
  it('round-trips channel, package and status-bar height', () => {
    writeSoftwareType(2);
    writePackageName('app_mhb');
    writeStatusBarHeight(44);
    expect(readSoftwareType()).toBe(2);
    expect(readPackageName()).toBe('app_mhb');
    expect(readStatusBarHeight()).toBe(44);
    expect(localStorage.getItem('app_sb_h')).toBe('44');
    expect(sessionStorage.getItem('app_software_type')).toBe('2');
  });

  it.each([
    ['', undefined],
    ['abc', undefined],
    ['1.5', undefined],
    ['4', 4],
  ])('reads software type %j as %j', (raw, expected) => {
    localStorage.setItem('app_software_type', raw);
    expect(readSoftwareType()).toBe(expected);
  });

  it.each([
    ['abc', 0],
    ['-5', 0],
    ['24.5', 24.5],
  ])('reads status-bar height %j as %j', (raw, expected) => {
    localStorage.setItem('app_sb_h', raw);
    expect(readStatusBarHeight()).toBe(expected);
  });

  it('has no package or status bar by default', () => {
    expect(readPackageName()).toBeUndefined();
    expect(readStatusBarHeight()).toBe(0);
  });
});
