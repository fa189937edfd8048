import { Toast } from 'antd-mobile';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccessChannel } from '../channel';
import { loadFeedbackUi } from '../feedback-ui';
import { setNavigator } from '../navigation';
import { writeSoftwareType } from '../storage';
import {
  bridge,
  callNative,
  DOWNLOAD_PATH,
  isNativeActionName,
  runNativeAction,
  UNSUPPORTED_TOAST,
} from './index';

const IOS_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Mobile Safari/537.36';

const navigate = vi.fn();
let unregister: () => void;

type HostWindow = Window & { HaoshiAndroid?: unknown; HaoshiHarmony?: unknown; webkit?: unknown };
const host = window as HostWindow;

beforeEach(async () => {
  // Toast and Dialog load on first use; loaded up front, calls are synchronous as before, so a
  // 'not shown' assertion cannot pass merely because the feedback UI was still loading.
  await loadFeedbackUi();
  unregister = setNavigator(navigate);
  vi.spyOn(Toast, 'show').mockReturnValue({ close: vi.fn() });
});

afterEach(() => {
  unregister();
  navigate.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  delete host.HaoshiAndroid;
  delete host.HaoshiHarmony;
  delete host.webkit;
});

function useUserAgent(userAgent: string): void {
  vi.stubGlobal('navigator', { ...window.navigator, userAgent });
}

describe('bridge adapter selection', () => {
  it('uses the Android interface in the Android app', () => {
    writeSoftwareType(AccessChannel.ANDROID);
    const toBuy = vi.fn();
    host.HaoshiAndroid = { toBuy };
    expect(bridge.toBuy({ goods_id: 'g1' })).toBe(true);
    expect(toBuy).toHaveBeenCalledWith('{"goods_id":"g1"}');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('uses message handlers in the iOS app', () => {
    writeSoftwareType(AccessChannel.IOS);
    const postMessage = vi.fn();
    host.webkit = { messageHandlers: { refreshWebview: { postMessage } } };
    expect(bridge.refreshWebview()).toBe(true);
    expect(postMessage).toHaveBeenCalledWith({});
  });

  it('uses the Harmony interface in the Harmony app', () => {
    writeSoftwareType(AccessChannel.HARMONY);
    const getLocation = vi.fn();
    host.HaoshiHarmony = { getLocation };
    expect(bridge.getLocation()).toBe(true);
    expect(getLocation).toHaveBeenCalledWith('{}');
  });
});

describe('failed native calls', () => {
  it('sends H5 visitors to the download page', () => {
    useUserAgent(ANDROID_UA);
    expect(bridge.login()).toBe(false);
    expect(navigate).toHaveBeenCalledWith(DOWNLOAD_PATH, undefined);
    expect(Toast.show).not.toHaveBeenCalled();
  });

  it('also shows the toast on iOS', () => {
    useUserAgent(IOS_UA);
    expect(callNative('scanImei')).toBe(false);
    expect(Toast.show).toHaveBeenCalledWith('该操作暂不支持，请下载app');
    expect(navigate).toHaveBeenCalledWith('/download', undefined);
  });

  it('treats a missing method in the app as unsupported', () => {
    useUserAgent(ANDROID_UA);
    writeSoftwareType(AccessChannel.ANDROID);
    host.HaoshiAndroid = { back: vi.fn() };
    expect(bridge.openSettings()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/download', undefined);
  });

  it('treats a throwing native method as unsupported', () => {
    useUserAgent(IOS_UA);
    writeSoftwareType(AccessChannel.IOS);
    const postMessage = vi.fn(() => {
      throw new Error('native crashed');
    });
    host.webkit = { messageHandlers: { userInfo: { postMessage } } };
    expect(bridge.userInfo()).toBe(false);
    expect(Toast.show).toHaveBeenCalledWith(UNSUPPORTED_TOAST);
    expect(navigate).toHaveBeenCalledWith('/download', undefined);
  });
});

describe('every SPEC §7 native call', () => {
  const calls: [name: keyof typeof bridge, run: () => boolean][] = [
    ['back', () => bridge.back()],
    ['login', () => bridge.login()],
    ['toChat', () => bridge.toChat({ target_id: 1 })],
    ['toBuy', () => bridge.toBuy({ goods_id: 1 })],
    ['changePrice', () => bridge.changePrice({ goods_id: 1 })],
    ['goodsShareAlert', () => bridge.goodsShareAlert({ goods_id: 1 })],
    ['publishGoods', () => bridge.publishGoods()],
    ['realNameCertification', () => bridge.realNameCertification()],
    ['bindPhoneCertification', () => bridge.bindPhoneCertification()],
    ['refreshWebview', () => bridge.refreshWebview()],
    ['getLocation', () => bridge.getLocation()],
    ['requestLocation', () => bridge.requestLocation()],
    ['userContact', () => bridge.userContact()],
    ['checkCameraPermission', () => bridge.checkCameraPermission()],
    ['openSettings', () => bridge.openSettings()],
    ['scanImei', () => bridge.scanImei()],
    ['moreWindow', () => bridge.moreWindow()],
    ['simulateClick', () => bridge.simulateClick({ x: 1, y: 2 })],
    ['openBrowser', () => bridge.openBrowser({ url: 'https://example.com' })],
    ['initReverseProxyClient', () => bridge.initReverseProxyClient()],
    ['refreshHeader', () => bridge.refreshHeader()],
    ['userInfo', () => bridge.userInfo()],
    ['commonPageNavigation', () => bridge.commonPageNavigation({ name: 'wallet' })],
  ];

  it('covers the whole bridge', () => {
    expect(calls.map(([name]) => name).sort()).toEqual(Object.keys(bridge).sort());
  });

  it.each(calls)('%s reaches the Android method of the same name', (name, run) => {
    writeSoftwareType(AccessChannel.ANDROID);
    const method = vi.fn();
    host.HaoshiAndroid = { [name]: method };
    expect(run()).toBe(true);
    expect(method).toHaveBeenCalledTimes(1);
  });
});

describe('toChat', () => {
  it('hands the chat to the merchant console when embedded', () => {
    const postMessage = vi.fn();
    vi.spyOn(window, 'parent', 'get').mockReturnValue({ postMessage } as unknown as Window);
    writeSoftwareType(AccessChannel.ANDROID);
    const toChat = vi.fn();
    host.HaoshiAndroid = { toChat };
    expect(bridge.toChat({ target_id: 'u9', conversation_type: 'private' })).toBe(true);
    expect(postMessage).toHaveBeenCalledWith(
      { type: 'haoshi:to-chat', target_id: 'u9', conversation_type: 'private' },
      window.location.origin,
    );
    expect(toChat).not.toHaveBeenCalled();
  });
});

describe('runNativeAction', () => {
  it('delivers { name, params } through commonPageNavigation', () => {
    writeSoftwareType(AccessChannel.ANDROID);
    const commonPageNavigation = vi.fn();
    host.HaoshiAndroid = { commonPageNavigation };
    expect(runNativeAction({ name: 'goods_detail', params: { goods_id: 'g7' } })).toBe(true);
    expect(runNativeAction({ name: 'wallet' })).toBe(true);
    expect(commonPageNavigation.mock.calls).toEqual([
      ['{"name":"goods_detail","params":{"goods_id":"g7"}}'],
      ['{"name":"wallet","params":{}}'],
    ]);
  });

  it.each([
    ['search_goods_list', true],
    ['search_input', true],
    ['goods_detail', true],
    ['inner_webview', true],
    ['request', true],
    ['wallet', true],
    ['order_detail', true],
    ['group_chat', true],
    ['user_shop', true],
    ['show_publish_window', true],
    ['user_goods_list', true],
    ['cloud_mobile', true],
    ['unknown_page', false],
    [42, false],
  ])('knows whether %j is a SPEC §3 action', (name, known) => {
    expect(isNativeActionName(name)).toBe(known);
  });

  it('falls back to the download page outside the app', () => {
    useUserAgent(ANDROID_UA);
    expect(runNativeAction({ name: 'cloud_mobile', params: { url: 'https://x', title: '云手机' } })).toBe(
      false,
    );
    expect(navigate).toHaveBeenCalledWith('/download', undefined);
  });
});
