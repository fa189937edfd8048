import { NativeUnavailableError, type NativeAdapter } from './types';

/** An object the host app injects into the page, with one function per native method. */
export type JsInterface = Record<string, unknown>;

function isCallable(value: unknown): value is (this: unknown, json: string) => unknown {
  return typeof value === 'function';
}

/**
 * Android and Harmony inject a JavaScript interface object whose methods accept strings only, so
 * the payload travels as JSON; the method must be called on its object.
 */
export function createJsInterfaceAdapter(getInterface: () => JsInterface | undefined): NativeAdapter {
  return (method, payload) => {
    const target = getInterface();
    const fn = target?.[method];
    if (!isCallable(fn)) throw new NativeUnavailableError(method);
    fn.call(target, JSON.stringify(payload));
  };
}
