import { afterEach, describe, expect, it } from 'vitest';
import { aesCbc, aesKeyBytes } from './aes-cbc';
import { nobleAesCbc } from './aes-cbc-noble';

afterEach(() => {
  Reflect.deleteProperty(globalThis.crypto, 'subtle');
});

describe('aesCbc', () => {
  it('uses Web Crypto where the page has it', async () => {
    expect(await aesCbc()).not.toBe(nobleAesCbc);
  });

  it('falls back to @noble/ciphers where crypto.subtle is missing (plain HTTP)', async () => {
    Object.defineProperty(globalThis.crypto, 'subtle', { value: undefined, configurable: true });
    expect(await aesCbc()).toBe(nobleAesCbc);
  });

  it('both produce the same PKCS7-padded ciphertext', async () => {
    const key = aesKeyBytes('0123456789abcdef0123456789abcdef');
    const iv = new Uint8Array(16).fill(7);
    for (const length of [0, 1, 15, 16, 17, 100]) {
      const plain = new Uint8Array(length).fill(65);
      const viaWebCrypto = await (await aesCbc()).encrypt(key, iv, plain);
      expect(viaWebCrypto.length).toBe((Math.floor(length / 16) + 1) * 16);
      expect(await nobleAesCbc.encrypt(key, iv, plain)).toEqual(viaWebCrypto);
      expect(await nobleAesCbc.decrypt(key, iv, viaWebCrypto)).toEqual(plain);
    }
  });
});

describe('aesKeyBytes', () => {
  it('takes a 16 or 32 byte key', () => {
    expect(aesKeyBytes('0123456789abcdef')).toHaveLength(16);
    expect(aesKeyBytes('0123456789abcdef0123456789abcdef')).toHaveLength(32);
  });

  it.each([['0123456789abcdef01234567'], ['short'], ['']])('refuses %j', (key) => {
    expect(() => aesKeyBytes(key)).toThrow('DEVICE_SIGN_KEY must be 16 or 32 bytes');
  });
});
