import { applyBrandDocument } from './brand-document';
import { initClientEnvironment } from './channel';
import { ensureDeviceSignature } from './device-signature-store';

/** Called once by main.tsx before the first render. */
export async function bootClient(): Promise<void> {
  initClientEnvironment();
  applyBrandDocument();
  await ensureDeviceSignature();
  // The server-issued device id may arrive later; requests until then carry the default one.
  // Loaded after start-up: the first screen does not need the device-id flow to paint.
  void import('./device-signature').then(
    ({ refreshDeviceId }) => refreshDeviceId(),
    () => undefined,
  );
}
