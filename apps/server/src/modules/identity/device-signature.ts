import { createDecipheriv, createCipheriv, randomBytes } from 'node:crypto';
import { deviceSignatureSchema, type DeviceSignature } from '@haoshi/contracts';

const cipherFor = (key: string) => `aes-${Buffer.byteLength(key) * 8}-cbc`;

/** SPEC §9: base64(IV ‖ AES-CBC/PKCS7 ciphertext) made URL-safe. Undecryptable → undefined, never an error. */
export function decryptDeviceSignature(signature: string, key: string): DeviceSignature | undefined {
  try {
    const raw = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (raw.length < 32 || raw.length % 16 !== 0) return undefined;
    const decipher = createDecipheriv(cipherFor(key), Buffer.from(key, 'utf8'), raw.subarray(0, 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(16)), decipher.final()]).toString('utf8');
    const parsed = deviceSignatureSchema.safeParse(JSON.parse(plain));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The same encryption the web client performs; used by tests and tools. */
export function encryptDeviceSignature(signature: DeviceSignature, key: string): string {
  const iv = randomBytes(16);
  const cipher = createCipheriv(cipherFor(key), Buffer.from(key, 'utf8'), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(signature), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body]).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}
