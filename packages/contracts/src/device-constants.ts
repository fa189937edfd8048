// Device-signature constants shared by web and server (no schema library: the web's first visit uses them).

/** SPEC §3: the fixed channel value inside the device signature. */
export const DEVICE_SIGNATURE_CHANNEL = 'h5';
/** SPEC §4/§9: the built-in default device id a fresh client starts with. */
export const DEFAULT_DEVICE_ID = 'h5-0000000000000000-default';
/** The development key shared by web and server; production sets DEVICE_SIGN_KEY. 32 bytes → AES-256. */
export const DEFAULT_DEVICE_SIGN_KEY = 'haoshi-local-device-sign-key-32b';
/** The request header carrying the encrypted device signature (a key of app_header_sign). */
export const DEVICE_SIGN_HEADER = 'sign';

/**
 * AES-128 or AES-256 only: Chromium's Web Crypto refuses AES-192, so a 24-byte key would leave every
 * request silently unsigned. Server start and the web build refuse any other length.
 */
export const DEVICE_SIGN_KEY_LENGTHS: readonly number[] = [16, 32];

/** The key's UTF-8 length (what the server's Buffer and the browser's TextEncoder make of it). */
export function deviceSignKeyLength(key: string): number {
  let length = 0;
  for (const character of key) {
    const point = character.codePointAt(0) ?? 0;
    length += point < 0x80 ? 1 : point < 0x800 ? 2 : point < 0x10000 ? 3 : 4;
  }
  return length;
}

/** Why a device-sign key cannot be used (for the operator), or undefined when it can. */
export function deviceSignKeyProblem(key: string): string | undefined {
  const length = deviceSignKeyLength(key);
  if (DEVICE_SIGN_KEY_LENGTHS.includes(length)) return undefined;
  return `DEVICE_SIGN_KEY must be 16 or 32 bytes (AES-128 or AES-256; browsers refuse AES-192), got ${length} bytes`;
}
