import { applyBrandDocument } from './brand-document';
import { initClientEnvironment } from './channel';
import { ensureDeviceSignature } from './device-signature-store';
import { startSignalCapture } from './bot-protection/signal-buffers';
import { syncLoginHint } from './storage';

/** How long work left for an idle moment may wait for one. */
const IDLE_TIMEOUT_MS = 4000;

/**
 * Runs `work` once the page has loaded and the main thread is idle: after the first screen's code,
 * data and pictures have had the connection and the CPU to themselves.
 */
export function afterFirstScreen(work: () => void): void {
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(work, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/** Called once by main.tsx before the first render. */
export async function bootClient(): Promise<void> {
  initClientEnvironment();
  // A login stored before the hint existed, or storage cleared by hand, gets the hint right again.
  syncLoginHint();
  applyBrandDocument();
  // Touch and page signals from the first moment; the rest of bot protection loads when idle.
  startSignalCapture();
  await ensureDeviceSignature();
  // The server-issued device id may arrive later; requests until then carry the default one. Its
  // code and its two requests (security token, /app/device/v2) wait until the first screen is in.
  afterFirstScreen(() => {
    void import('./device-signature').then(
      ({ refreshDeviceId }) => refreshDeviceId(),
      () => undefined,
    );
    void import('./bot-protection/bot-client').then(
      ({ startBotProtection }) => startBotProtection(),
      () => undefined,
    );
  });
}
