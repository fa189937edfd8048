import { describe, expect, it } from 'vitest';
import {
  AccessChannel,
  detectEnvironment,
  getAccessChannel,
  getStatusBarHeight,
  initClientEnvironment,
  isNativeApp,
  parseHeaderParam,
  STATUS_BAR_CSS_VAR,
  type ClientEnvironment,
  type EnvironmentInput,
} from './channel';
import {
  readHeaderSign,
  readPackageName,
  readSoftwareType,
  writeHeaderSign,
  writeSoftwareType,
} from './storage';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';
const IOS_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const HARMONY_UA =
  'Mozilla/5.0 (Phone; OpenHarmony 4.1) AppleWebKit/537.36 (KHTML, like Gecko) ArkWeb/4.1.6.1 Mobile';

const nativeHeader = { Authorization: 'native-token', Os: '1', version: '3.2.0' };
const jsonHeader = encodeURIComponent(JSON.stringify(nativeHeader));
const base64Header = encodeURIComponent(Buffer.from(JSON.stringify(nativeHeader)).toString('base64'));

const base: EnvironmentInput = {
  search: '',
  userAgent: ANDROID_UA,
  standalone: false,
  screenHeight: 800,
  innerHeight: 800,
  bridges: { android: false, ios: false },
};
const androidApp = { bridges: { android: true, ios: false } };
const iosApp = { bridges: { android: false, ios: true } };

type Row = [name: string, input: Partial<EnvironmentInput>, expected: ClientEnvironment];

const matrix: Row[] = [
  [
    'plain H5',
    {},
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'Android app, JSON header',
    { search: `?header=${jsonHeader}&pkg=app_mhb&sb_h=24`, ...androidApp },
    { channel: 1, isNative: true, headerValues: nativeHeader, pkg: 'app_mhb', statusBarHeight: 24 },
  ],
  [
    'iOS app, base64 header',
    { search: `?header=${base64Header}`, userAgent: IOS_UA, ...iosApp },
    { channel: 2, isNative: true, headerValues: nativeHeader, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'native app, unreadable header',
    { search: '?header=%%%', ...androidApp },
    { channel: 1, isNative: true, headerValues: {}, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'Harmony OS',
    { search: '?isHm=1&sb_h=38.5', userAgent: HARMONY_UA },
    { channel: 4, isNative: true, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 38.5 },
  ],
  [
    'header wins over isHm',
    { search: `?isHm=1&header=${jsonHeader}`, userAgent: HARMONY_UA, ...iosApp },
    { channel: 2, isNative: true, headerValues: nativeHeader, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  // Issue 9 E.1: the same links opened in a plain browser (no app bridge) change nothing.
  [
    'plain Android browser: a header link is ignored',
    { search: `?header=${jsonHeader}&pkg=app_mhb` },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_mhb', statusBarHeight: 0 },
  ],
  [
    'plain iOS browser: a header link is ignored',
    { search: `?header=${base64Header}`, userAgent: IOS_UA },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'an Android user agent with only an iOS bridge is not the Android app',
    { search: `?header=${jsonHeader}`, ...iosApp },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'isHm other than 1 is H5',
    { search: '?isHm=0' },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'unknown pkg stores the default stored package',
    { search: '?pkg=app_zzz' },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_kxr', statusBarHeight: 0 },
  ],
  [
    'installed iOS PWA: window height difference',
    { userAgent: IOS_UA, standalone: true, screenHeight: 844, innerHeight: 797 },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 47 },
  ],
  [
    'installed iOS PWA without a difference: fallback 20',
    { userAgent: IOS_UA, standalone: true, screenHeight: 844, innerHeight: 844 },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 20 },
  ],
  [
    'sb_h wins over the PWA rule',
    { search: '?sb_h=30', userAgent: IOS_UA, standalone: true, screenHeight: 844, innerHeight: 797 },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 30 },
  ],
  [
    'installed Android PWA: no status bar',
    { standalone: true, screenHeight: 900, innerHeight: 850 },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'iOS Safari tab: no status bar',
    { userAgent: IOS_UA, screenHeight: 844, innerHeight: 700 },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
  [
    'unreadable sb_h falls through',
    { search: '?sb_h=abc' },
    { channel: 6, isNative: false, headerValues: { Os: '4' }, pkg: 'app_thh', statusBarHeight: 0 },
  ],
];

describe('detectEnvironment (SPEC §4 channel matrix)', () => {
  it.each(matrix)('%s', (_name, input, expected) => {
    expect(detectEnvironment({ ...base, ...input })).toEqual(expected);
  });
});

describe('parseHeaderParam', () => {
  it('reads base64 whose + became a space in the query', () => {
    const headers = { sign: 'ÿþ>>>?' };
    const encoded = Buffer.from(JSON.stringify(headers)).toString('base64');
    expect(encoded).toContain('+');
    expect(parseHeaderParam(encoded.replace(/\+/g, ' '))).toEqual(headers);
  });

  it('reads URL-safe base64 with Chinese values', () => {
    const headers = { model: '华为' };
    const encoded = Buffer.from(JSON.stringify(headers)).toString('base64url');
    expect(parseHeaderParam(encoded)).toEqual(headers);
  });
});

const addresses: string[] = [];

/** A window of the Android app (its bridge injected) unless `browser` says a plain browser. */
function fakeWindow(search: string, userAgent = ANDROID_UA, browser = false): Window {
  const app =
    userAgent === IOS_UA
      ? { webkit: { messageHandlers: { login: { postMessage: () => {} } } } }
      : { HaoshiAndroid: {} };
  return {
    location: { search, pathname: '/wallet', hash: '' },
    navigator: { userAgent },
    screen: { height: 800 },
    innerHeight: 800,
    document,
    history: {
      state: null,
      replaceState: (_state: unknown, _title: string, url: string) => addresses.push(url),
    },
    ...(browser ? {} : app),
  } as unknown as Window;
}

describe('initClientEnvironment', () => {
  it('stores the detected environment in all four keys', () => {
    initClientEnvironment(fakeWindow(`?header=${jsonHeader}&pkg=app_tyb&sb_h=28`));
    expect(readSoftwareType()).toBe(1);
    expect(readPackageName()).toBe('app_tyb');
    expect(getStatusBarHeight()).toBe(28);
    expect(readHeaderSign()).toEqual(nativeHeader);
    expect(getAccessChannel()).toBe(AccessChannel.ANDROID);
    expect(isNativeApp()).toBe(true);
    expect(document.documentElement.style.getPropertyValue(STATUS_BAR_CSS_VAR)).toBe('28px');
  });

  it('keeps a stored Authorization and sign when the address brings none', () => {
    writeHeaderSign({ Authorization: 'web-token', sign: 'sig', Os: '1' });
    initClientEnvironment(fakeWindow(''));
    expect(readHeaderSign()).toEqual({ Authorization: 'web-token', sign: 'sig', Os: '4' });
    expect(isNativeApp()).toBe(false);
  });

  it('keeps a stored Authorization when the native header has an empty one', () => {
    writeHeaderSign({ Authorization: 'web-token' });
    const header = encodeURIComponent(JSON.stringify({ Authorization: '', Os: '2' }));
    initClientEnvironment(fakeWindow(`?header=${header}`, IOS_UA));
    expect(readHeaderSign()).toEqual({ Authorization: 'web-token', Os: '2' });
  });

  it('lets the native header replace the stored Authorization', () => {
    writeHeaderSign({ Authorization: 'old' });
    initClientEnvironment(fakeWindow(`?header=${jsonHeader}`));
    expect(readHeaderSign().Authorization).toBe('native-token');
  });

  it('in a plain browser a header link neither logs in nor sets headers, and leaves the address', () => {
    writeHeaderSign({ Authorization: 'victim-token', Os: '4' });
    const attacker = encodeURIComponent(JSON.stringify({ Authorization: 'attacker-token', 'x-evil': '1' }));
    for (const userAgent of [ANDROID_UA, IOS_UA]) {
      addresses.length = 0;
      initClientEnvironment(fakeWindow(`?header=${attacker}&pkg=app_thh`, userAgent, true));
      expect(readHeaderSign()).toEqual({ Authorization: 'victim-token', Os: '4' });
      expect(isNativeApp()).toBe(false);
      expect(addresses).toEqual(['/wallet?pkg=app_thh']);
    }
  });

  it('keeps this tab’s earlier detection on a reload without start parameters', () => {
    initClientEnvironment(fakeWindow('?isHm=1&pkg=app_mhw&sb_h=30'));
    initClientEnvironment(fakeWindow(''));
    expect(getAccessChannel()).toBe(AccessChannel.HARMONY);
    expect(readPackageName()).toBe('app_mhw');
    expect(getStatusBarHeight()).toBe(30);
  });

  it('detects afresh when only local storage remembers an earlier visit', () => {
    localStorage.setItem('app_software_type', '4');
    localStorage.setItem('app_package_name', 'app_mhw');
    initClientEnvironment(fakeWindow(''));
    expect(getAccessChannel()).toBe(AccessChannel.H5);
    expect(readPackageName()).toBe('app_thh');
  });
});

describe('getAccessChannel', () => {
  it('is H5 when nothing or nonsense is stored', () => {
    expect(getAccessChannel()).toBe(AccessChannel.H5);
    writeSoftwareType(9);
    expect(getAccessChannel()).toBe(AccessChannel.H5);
  });
});
