import { createJsInterfaceAdapter, type JsInterface } from './js-interface';
import type { NativeAdapter } from './types';

export interface AndroidHost {
  HaoshiAndroid?: JsInterface;
}

/** Android: `window.HaoshiAndroid[method](json)`. */
export function createAndroidAdapter(host: AndroidHost): NativeAdapter {
  return createJsInterfaceAdapter(() => host.HaoshiAndroid);
}
