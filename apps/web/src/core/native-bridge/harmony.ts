import { createJsInterfaceAdapter, type JsInterface } from './js-interface';
import type { NativeAdapter } from './types';

export interface HarmonyHost {
  HaoshiHarmony?: JsInterface;
}

/** Harmony OS: `window.HaoshiHarmony[method](json)`. */
export function createHarmonyAdapter(host: HarmonyHost): NativeAdapter {
  return createJsInterfaceAdapter(() => host.HaoshiHarmony);
}
