/** Message type the merchant-console page listens for. */
export const CHAT_HANDOFF_TYPE = 'haoshi:to-chat';

export function isEmbedded(win: Window = window): boolean {
  return win.parent !== win;
}

/**
 * Inside the merchant console the page runs in an iframe and the console opens the chat, so the
 * request goes to the parent, same origin only. `type` is set last so a payload cannot mask it.
 * Returns false when the page is not embedded.
 */
export function postChatHandoff(payload: Record<string, unknown>, win: Window = window): boolean {
  if (!isEmbedded(win)) return false;
  win.parent.postMessage({ ...payload, type: CHAT_HANDOFF_TYPE }, win.location.origin);
  return true;
}
