import './antd-react19';
import { initClientEnvironment } from './channel';
import { ensureDeviceSignature } from './device-signature-store';

/** Called once by main.tsx before the first render. */
export async function bootClient(): Promise<void> {
  initClientEnvironment();
  await ensureDeviceSignature();
  // The server-issued device id may arrive later; requests until then carry the default one.
  // Loaded after start-up: the flow validates answers with zod, which the first screen does not need.
  void import('./device-signature').then(
    ({ refreshDeviceId }) => refreshDeviceId(),
    () => undefined,
  );
}
