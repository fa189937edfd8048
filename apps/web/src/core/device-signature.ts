import {
  apiPaths,
  DEFAULT_DEVICE_ID,
  DEFAULT_DEVICE_SIGN_KEY,
  DEVICE_SIGN_HEADER,
  DEVICE_SIGNATURE_CHANNEL,
  deviceIdDataSchema,
  deviceSignatureSchema,
  securityTokenResponseSchema,
  type DeviceSignature,
} from '@haoshi/contracts';
import { base64ToBytes, bytesToBase64, toUrlSafeBase64, utf8ToBase64 } from './base64';
import { getCurrentPackage } from './brands';
import { requestFromBases } from './fetch-helpers';
import { http } from './http/client';
import { patchHeaderSign, readHeaderSign } from './storage';

export const DEVICE_SIGN_KEY_META = 'device-sign-key';
/** What index.html holds until the server fills in its key. */
export const DEVICE_SIGN_KEY_PLACEHOLDER = '__DEVICE_SIGN_KEY__';
/** SPEC §9: security-provider token fetch time-out. */
export const SECURITY_TOKEN_TIMEOUT_MS = 6000;

const IV_BYTES = 16;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export function deviceSignKey(doc: Document = document): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${DEVICE_SIGN_KEY_META}"]`)?.content;
  return content && content !== DEVICE_SIGN_KEY_PLACEHOLDER ? content : DEFAULT_DEVICE_SIGN_KEY;
}

function importKey(key: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(key), { name: 'AES-CBC' }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** SPEC §9: AES-CBC, random 16-byte IV, PKCS7; URL-safe base64 of IV followed by ciphertext. */
export async function encryptDeviceSignature(
  signature: DeviceSignature,
  key = deviceSignKey(),
): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plain = encoder.encode(JSON.stringify(signature));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-CBC', iv }, await importKey(key), plain);
  const sealed = new Uint8Array(IV_BYTES + cipher.byteLength);
  sealed.set(iv);
  sealed.set(new Uint8Array(cipher), IV_BYTES);
  return toUrlSafeBase64(bytesToBase64(sealed));
}

/** The signature inside an encrypted value, or undefined when it cannot be read. */
export async function decryptDeviceSignature(
  encrypted: string,
  key = deviceSignKey(),
): Promise<DeviceSignature | undefined> {
  try {
    const sealed = base64ToBytes(encrypted);
    const iv = sealed.slice(0, IV_BYTES);
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-CBC', iv },
      await importKey(key),
      sealed.slice(IV_BYTES),
    );
    const parsed = deviceSignatureSchema.safeParse(JSON.parse(decoder.decode(plain)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function storedSignature(): string | undefined {
  return readHeaderSign()[DEVICE_SIGN_HEADER] || undefined;
}

async function storeSignature(deviceId: string): Promise<void> {
  // Parsing first keeps an out-of-contract device id (too long, empty) from ever being stored.
  const signature = deviceSignatureSchema.parse({
    device_id: deviceId,
    channel: DEVICE_SIGNATURE_CHANNEL,
    package: getCurrentPackage(),
  });
  patchHeaderSign({ [DEVICE_SIGN_HEADER]: await encryptDeviceSignature(signature) });
}

export async function readDeviceSignature(): Promise<DeviceSignature | undefined> {
  const stored = storedSignature();
  return stored === undefined ? undefined : decryptDeviceSignature(stored);
}

/** SPEC §4 step 1: a client without a signature starts with the built-in default device id. */
export async function ensureDeviceSignature(): Promise<void> {
  if (storedSignature() !== undefined) return;
  try {
    await storeSignature(DEFAULT_DEVICE_ID);
  } catch {
    // Without WebCrypto (insecure context, old WebView) requests simply go unsigned.
  }
}

export interface RefreshDeviceIdOptions {
  /** Where the security provider answers; '' is this origin. */
  baseUrls?: readonly string[];
}

function fingerprint(): string {
  const { userAgent, language } = window.navigator;
  const screenSize = `${window.screen.width}x${window.screen.height}`;
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return [userAgent, language, screenSize, timeZone].join('|').slice(0, 512);
}

async function fetchSecurityToken(
  baseUrls: readonly string[],
  deviceId: string,
): Promise<string | undefined> {
  const answer = await requestFromBases<unknown>(apiPaths.securityToken, {
    baseUrls,
    timeoutMs: SECURITY_TOKEN_TIMEOUT_MS,
    init: {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ device_id: deviceId, package: getCurrentPackage(), fingerprint: fingerprint() }),
    },
  });
  const parsed = securityTokenResponseSchema.safeParse(answer);
  if (!parsed.success || (parsed.data.code !== 200 && parsed.data.code !== 201)) return undefined;
  return parsed.data.token || undefined;
}

/**
 * SPEC §4 steps 2–4: trade a security-provider token for a server-issued device id. Every failure
 * is silent and leaves the stored signature as it was.
 */
export async function refreshDeviceId({ baseUrls = [''] }: RefreshDeviceIdOptions = {}): Promise<void> {
  try {
    const current = await readDeviceSignature();
    const token = await fetchSecurityToken(baseUrls, current?.device_id ?? DEFAULT_DEVICE_ID);
    if (token === undefined) return;
    const envelope = await http.get<unknown>(
      apiPaths.deviceId,
      { token: utf8ToBase64(token) },
      { silent: true },
    );
    const data = deviceIdDataSchema.safeParse(envelope.data);
    if (envelope.err_code !== 0 || !data.success) return;
    await storeSignature(data.data.device_id);
  } catch {
    // SPEC §4: the existing signature stays.
  }
}
