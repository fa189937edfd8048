/*
 * On a page the server painted, the client starts after the page is on screen (preload.ts): a tap
 * on a button in that moment reaches no handler. The last such tap is kept and given to its element
 * again once the client has taken the screen over (router.tsx announces it from the screen's
 * Suspense boundary, which hydration reaches last), if it is recent and the element is still there.
 * Links need no help: a tap on one loads its page. This file is on the page's first script's path
 * and stays small: it imports nothing, so it is not bundled with the client.
 */

/** contracts' SCREEN_LIVE_EVENT (early-taps.test.ts keeps them equal). */
export const SCREEN_LIVE_EVENT = 'haoshi:screen-live';

/** What a user taps expecting the app to act; links are left to the browser. */
const TAPPABLE = 'button, [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"]';

/** A tap older than this when the client starts is not acted on: the user has moved on. */
export const EARLY_TAP_MAX_AGE_MS = 5000;

let kept: { element: HTMLElement; at: number } | undefined;

function keep(event: MouseEvent): void {
  const target = event.target instanceof Element ? event.target.closest(TAPPABLE) : null;
  if (!(target instanceof HTMLElement) || target.closest('a[href]')) return;
  kept = { element: target, at: performance.now() };
}

/** Starts keeping taps (preload.ts, on a painted page, before the client starts) until the screen is live. */
export function keepEarlyTaps(doc: Document = document): void {
  doc.addEventListener('click', keep, true);
  // In a task of its own, outside the React effect that announces it: handled as a user's tap is.
  doc.addEventListener(SCREEN_LIVE_EVENT, () => setTimeout(() => replayEarlyTap(doc), 0), { once: true });
}

/**
 * Stops keeping taps and gives the kept one to its element. React's event handling hydrates the
 * tapped part first if it has not yet, then handles the tap.
 */
export function replayEarlyTap(doc: Document = document, now: number = performance.now()): void {
  doc.removeEventListener('click', keep, true);
  const tap = kept;
  kept = undefined;
  if (!tap || now - tap.at > EARLY_TAP_MAX_AGE_MS || !tap.element.isConnected) return;
  tap.element.click();
}
