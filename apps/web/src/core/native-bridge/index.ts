import { AccessChannel, getAccessChannel, isIosUserAgent } from '../channel';
import { showToast } from '../feedback-ui';
import { navigateTo } from '../navigation';
import { createAndroidAdapter, type AndroidHost } from './android';
import { type NativeAction } from './actions';
import { isEmbedded, postChatHandoff } from './chat-handoff';
import { createHarmonyAdapter, type HarmonyHost } from './harmony';
import { createIosAdapter, type IosHost } from './ios';
import type { NativeAdapter, NativeMethod, NativePayload } from './types';

export { CHAT_HANDOFF_TYPE, isEmbedded, postChatHandoff } from './chat-handoff';
export { isNativeActionName, nativeActionNames, type NativeAction, type NativeActionName } from './actions';
export { nativeMethods, type NativeMethod, type NativePayload } from './types';

export const UNSUPPORTED_TOAST = '该操作暂不支持，请下载app';
export const DOWNLOAD_PATH = '/download';

type NativeHost = AndroidHost & IosHost & HarmonyHost;

function adapterFor(channel: AccessChannel, host: NativeHost): NativeAdapter | undefined {
  switch (channel) {
    case AccessChannel.ANDROID:
      return createAndroidAdapter(host);
    case AccessChannel.IOS:
      return createIosAdapter(host);
    case AccessChannel.HARMONY:
      return createHarmonyAdapter(host);
    default:
      return undefined;
  }
}

function handleUnsupported(): void {
  if (isIosUserAgent(window.navigator.userAgent)) showToast(UNSUPPORTED_TOAST);
  navigateTo(DOWNLOAD_PATH);
}

/** Calls the host app; when it cannot answer, sends the user to the download page. */
export function callNative(method: NativeMethod, payload: NativePayload = {}): boolean {
  const adapter = adapterFor(getAccessChannel(), window as Window & NativeHost);
  try {
    if (!adapter) throw new Error('not inside a native app');
    adapter(method, payload);
    return true;
  } catch {
    handleUnsupported();
    return false;
  }
}

export interface ChatTarget extends NativePayload {
  target_id: string | number;
  conversation_type?: 'private' | 'group';
}

export interface GoodsTarget extends NativePayload {
  goods_id: string | number;
}

export const bridge = {
  back: () => callNative('back'),
  login: () => callNative('login'),
  /** In the merchant console (embedded page) the console opens the chat, not the app. */
  toChat: (target: ChatTarget) => (isEmbedded() ? postChatHandoff(target) : callNative('toChat', target)),
  toBuy: (goods: GoodsTarget) => callNative('toBuy', goods),
  changePrice: (goods: GoodsTarget) => callNative('changePrice', goods),
  goodsShareAlert: (goods: GoodsTarget) => callNative('goodsShareAlert', goods),
  publishGoods: (params?: NativePayload) => callNative('publishGoods', params),
  realNameCertification: () => callNative('realNameCertification'),
  bindPhoneCertification: () => callNative('bindPhoneCertification'),
  refreshWebview: () => callNative('refreshWebview'),
  getLocation: () => callNative('getLocation'),
  requestLocation: () => callNative('requestLocation'),
  userContact: () => callNative('userContact'),
  checkCameraPermission: () => callNative('checkCameraPermission'),
  openSettings: () => callNative('openSettings'),
  scanImei: () => callNative('scanImei'),
  moreWindow: (params?: NativePayload) => callNative('moreWindow', params),
  simulateClick: (params?: NativePayload) => callNative('simulateClick', params),
  openBrowser: (target: { url: string }) => callNative('openBrowser', target),
  initReverseProxyClient: (params?: NativePayload) => callNative('initReverseProxyClient', params),
  refreshHeader: () => callNative('refreshHeader'),
  userInfo: () => callNative('userInfo'),
  commonPageNavigation: (action: NativeAction) => callNative('commonPageNavigation', { ...action }),
} as const;

/** Runs a SPEC §3 action payload ({ name, params }) in the host app. */
export function runNativeAction(action: NativeAction): boolean {
  return bridge.commonPageNavigation({ name: action.name, params: action.params ?? {} });
}
