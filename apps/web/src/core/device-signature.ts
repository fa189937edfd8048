import {
  apiPaths,
  DEFAULT_DEVICE_ID,
  DEVICE_SIGNATURE_CHANNEL,
  isDeviceIdData,
  securityTokenOf,
  toDeviceSignature,
  type DeviceSignature,
} from '@haoshi/contracts';
import { base64ToBytes, utf8ToBase64 } from './base64';
import { getCurrentPackage } from './brands';
import { aesCbc, aesKeyBytes } from './aes-cbc';
import { deviceSignKey, IV_BYTES, storedSignature, storeSignature } from './device-signature-store';
import { requestFromBases } from './fetch-helpers';
import { http } from './http/client';

export {
  DEVICE_SIGN_KEY_META,
  DEVICE_SIGN_KEY_PLACEHOLDER,
  deviceSignKey,
  encryptDeviceSignature,
  ensureDeviceSignature,
} from './device-signature-store';

/** SPEC §9: security-provider token fetch time-out. */
export const SECURITY_TOKEN_TIMEOUT_MS = 6000;

const decoder = new TextDecoder();

/** The signature inside an encrypted value, or undefined when it cannot be read. */
export async function decryptDeviceSignature(
  encrypted: string,
  key = deviceSignKey(),
): Promise<DeviceSignature | undefined> {
  try {
    const sealed = base64ToBytes(encrypted);
    const iv = sealed.slice(0, IV_BYTES);
    const plain = await (await aesCbc()).decrypt(aesKeyBytes(key), iv, sealed.slice(IV_BYTES));
    return toDeviceSignature(JSON.parse(decoder.decode(plain)));
  } catch {
    return undefined;
  }
}

export async function readDeviceSignature(): Promise<DeviceSignature | undefined> {
  const stored = storedSignature();
  return stored === undefined ? undefined : decryptDeviceSignature(stored);
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
  return securityTokenOf(answer);
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
    if (envelope.err_code !== 0 || !isDeviceIdData(envelope.data)) return;
    // Checking keeps an out-of-contract device id (too long, empty) from ever being stored.
    const signature = toDeviceSignature({
      device_id: envelope.data.device_id,
      channel: DEVICE_SIGNATURE_CHANNEL,
      package: getCurrentPackage(),
    });
    if (signature !== undefined) await storeSignature(signature);
  } catch {
    // SPEC §4: the existing signature stays.
  }
}
