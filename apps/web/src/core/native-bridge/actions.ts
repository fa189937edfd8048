/** SPEC §3 native-bridge action payloads, delivered through commonPageNavigation. */
export const nativeActionNames = [
  'search_goods_list',
  'search_input',
  'goods_detail',
  'inner_webview',
  'request',
  'wallet',
  'order_detail',
  'group_chat',
  'user_shop',
  'show_publish_window',
  'user_goods_list',
  'cloud_mobile',
] as const;
export type NativeActionName = (typeof nativeActionNames)[number];

export interface NativeAction {
  name: NativeActionName;
  params?: Record<string, unknown>;
}

export function isNativeActionName(value: unknown): value is NativeActionName {
  return typeof value === 'string' && (nativeActionNames as readonly string[]).includes(value);
}
