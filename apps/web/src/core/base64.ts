const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Accepts standard and URL-safe base64, with or without padding. A value that went through an
 * address query unencoded has its '+' turned into spaces, so spaces count as '+'. Throws on
 * anything that is not base64.
 */
export function base64ToBytes(text: string): Uint8Array {
  const standard = text
    .replace(/[\r\n\t]/g, '')
    .replace(/[ -]/g, '+')
    .replace(/_/g, '/');
  const padded = standard.padEnd(Math.ceil(standard.length / 4) * 4, '=');
  const binary = atob(padded);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

export function toUrlSafeBase64(base64: string): string {
  return base64.replace(/\+/g, '-').replace(/\//g, '_');
}

export function utf8ToBase64(text: string): string {
  return bytesToBase64(encoder.encode(text));
}

/** Throws when the text is not base64 or its bytes are not UTF-8. */
export function base64ToUtf8(text: string): string {
  return decoder.decode(base64ToBytes(text));
}
