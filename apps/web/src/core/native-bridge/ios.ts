import { NativeUnavailableError, type NativeAdapter } from './types';

interface MessageHandler {
  postMessage?: unknown;
}

export interface IosHost {
  webkit?: { messageHandlers?: Record<string, MessageHandler | undefined> };
}

function canPost(
  handler: MessageHandler | undefined,
): handler is { postMessage: (message: unknown) => void } {
  return typeof handler?.postMessage === 'function';
}

/** iOS (WKWebView): `window.webkit.messageHandlers[method].postMessage(payload)`. */
export function createIosAdapter(host: IosHost): NativeAdapter {
  return (method, payload) => {
    const handler = host.webkit?.messageHandlers?.[method];
    if (!canPost(handler)) throw new NativeUnavailableError(method);
    handler.postMessage(payload);
  };
}
