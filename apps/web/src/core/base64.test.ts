import { describe, expect, it } from 'vitest';
import { base64ToBytes, base64ToUtf8, bytesToBase64, toUrlSafeBase64, utf8ToBase64 } from './base64';

describe('base64', () => {
  it('round-trips bytes of every value', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes);
  });

  it('encodes UTF-8 text like Node does', () => {
    expect(utf8ToBase64('淘号号 token')).toBe(Buffer.from('淘号号 token', 'utf8').toString('base64'));
    expect(base64ToUtf8(Buffer.from('{"Os":"1"}').toString('base64'))).toBe('{"Os":"1"}');
  });

  it('reads URL-safe, unpadded and space-mangled input', () => {
    const bytes = Uint8Array.from([251, 255, 191, 0]);
    const standard = bytesToBase64(bytes);
    expect(standard).toBe('+/+/AA==');
    expect(base64ToBytes(toUrlSafeBase64(standard))).toEqual(bytes);
    expect(base64ToBytes('-_-_AA')).toEqual(bytes);
    expect(base64ToBytes(' / /AA==')).toEqual(bytes);
  });

  it('makes base64 URL-safe without touching padding', () => {
    expect(toUrlSafeBase64('a+b/c==')).toBe('a-b_c==');
  });

  it('throws on text that is not base64', () => {
    expect(() => base64ToBytes('***')).toThrow();
  });
});
