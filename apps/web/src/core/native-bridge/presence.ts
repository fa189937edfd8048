import type { AndroidHost } from './android';
import type { IosHost } from './ios';

/** Which host app bridges the page can reach: injected by the app, never by a link. */
export interface NativeBridges {
  android: boolean;
  ios: boolean;
}

/**
 * Android injects `HaoshiAndroid`; iOS registers message handlers, `login` among them (every app logs
 * users in itself, SPEC §4). A plain browser has neither, whatever its address says.
 */
export function detectNativeBridges(host: AndroidHost & IosHost): NativeBridges {
  return {
    android: typeof host.HaoshiAndroid === 'object' && host.HaoshiAndroid !== null,
    ios: typeof host.webkit?.messageHandlers?.login?.postMessage === 'function',
  };
}
