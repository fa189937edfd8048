/** SPEC §7 "Native bridge": every call the web makes into the host app. */
export const nativeMethods = [
  'back',
  'login',
  'toChat',
  'toBuy',
  'changePrice',
  'goodsShareAlert',
  'publishGoods',
  'realNameCertification',
  'bindPhoneCertification',
  'refreshWebview',
  'getLocation',
  'requestLocation',
  'userContact',
  'checkCameraPermission',
  'openSettings',
  'scanImei',
  'moreWindow',
  'simulateClick',
  'openBrowser',
  'initReverseProxyClient',
  'refreshHeader',
  'userInfo',
  'commonPageNavigation',
] as const;
export type NativeMethod = (typeof nativeMethods)[number];

export type NativePayload = Record<string, unknown>;

/** Delivers one call to the host app; throws when the host cannot take it. */
export type NativeAdapter = (method: NativeMethod, payload: NativePayload) => void;

export class NativeUnavailableError extends Error {
  constructor(method: string) {
    super(`native method unavailable: ${method}`);
    this.name = 'NativeUnavailableError';
  }
}
