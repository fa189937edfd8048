// The device signature as the first visit needs it: create, encrypt and store. Reading and the
// device-id flow live in device-signature.ts and load after start-up. Neither loads a schema
// library (zod): answers are checked with the guards of @haoshi/contracts' device-guards.ts.
import {
  DEFAULT_DEVICE_ID,
  DEFAULT_DEVICE_SIGN_KEY,
  DEVICE_SIGN_HEADER,
  DEVICE_SIGNATURE_CHANNEL,
  type DeviceSignature,
} from '@haoshi/contracts';
import { aesCbc, aesKeyBytes } from './aes-cbc';
import { bytesToBase64, toUrlSafeBase64 } from './base64';
import { getCurrentPackage } from './brands';
import { patchHeaderSign, readHeaderSign } from './storage';

export const DEVICE_SIGN_KEY_META = 'device-sign-key';
/** What index.html holds until the server fills in its key. */
export const DEVICE_SIGN_KEY_PLACEHOLDER = '__DEVICE_SIGN_KEY__';
export const IV_BYTES = 16;
const encoder = new TextEncoder();

export function deviceSignKey(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${DEVICE_SIGN_KEY_META}"]`)?.content;
  return content && content !== DEVICE_SIGN_KEY_PLACEHOLDER ? content : DEFAULT_DEVICE_SIGN_KEY;
}

/** SPEC §9: AES-CBC, random 16-byte IV, PKCS7; URL-safe base64 of IV followed by ciphertext. */
export async function encryptDeviceSignature(
  signature: DeviceSignature,
  key = deviceSignKey(),
): Promise<string> {
  const keyBytes = aesKeyBytes(key);
  // getRandomValues exists on plain HTTP too; only crypto.subtle is for secure contexts.
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = encoder.encode(JSON.stringify(signature));
  const cipher = await (await aesCbc()).encrypt(keyBytes, iv, plain);
  const sealed = new Uint8Array(IV_BYTES + cipher.byteLength);
  sealed.set(iv);
  sealed.set(cipher, IV_BYTES);
  return toUrlSafeBase64(bytesToBase64(sealed));
}

export function storedSignature(): string | undefined {
  return readHeaderSign()[DEVICE_SIGN_HEADER] || undefined;
}

export async function storeSignature(signature: DeviceSignature): Promise<void> {
  patchHeaderSign({ [DEVICE_SIGN_HEADER]: await encryptDeviceSignature(signature) });
}

/** SPEC §4 step 1: a client without a signature starts with the built-in default device id. */
export async function ensureDeviceSignature(): Promise<void> {
  if (storedSignature() !== undefined) return;
  try {
    await storeSignature({
      device_id: DEFAULT_DEVICE_ID,
      channel: DEVICE_SIGNATURE_CHANNEL,
      package: getCurrentPackage(),
    });
  } catch {
    // A key the server would refuse, or a fallback cipher that cannot load (offline), leaves
    // requests unsigned until the next start.
  }
}
