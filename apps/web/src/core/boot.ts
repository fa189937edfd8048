import './antd-react19';
import { initClientEnvironment } from './channel';
import { ensureDeviceSignature, refreshDeviceId } from './device-signature';

/** Called once by main.tsx before the first render. */
export async function bootClient(): Promise<void> {
  initClientEnvironment();
  await ensureDeviceSignature();
  // The server-issued device id may arrive later; requests until then carry the default one.
  void refreshDeviceId();
}
