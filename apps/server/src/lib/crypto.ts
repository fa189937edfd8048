import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token; 32 bytes = 256 bits. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The SHA-256 of `data`, in lower-case hex. */
export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

export function hmac(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A uniformly random 6-digit numeric code. */
export function randomDigits(length = 6): string {
  const max = 10 ** length;
  const limit = Math.floor(0x1_0000_0000 / max) * max;
  for (;;) {
    const value = randomBytes(4).readUInt32BE(0);
    if (value < limit) return String(value % max).padStart(length, '0');
  }
}
