// AES-CBC with PKCS7 padding for the device signature (SPEC §9). Web Crypto where the page has it;
// on plain HTTP (a LAN deployment) `crypto.subtle` does not exist, and @noble/ciphers does the
// same work. The library loads on demand only there, so it is never part of the first screen.
import { deviceSignKeyProblem } from '@haoshi/contracts';

export interface AesCbc {
  encrypt(key: Uint8Array, iv: Uint8Array, plain: Uint8Array): Promise<Uint8Array>;
  decrypt(key: Uint8Array, iv: Uint8Array, sealed: Uint8Array): Promise<Uint8Array>;
}

const encoder = new TextEncoder();

/** The key's bytes; a key the server would refuse (not 16 or 32 bytes) is refused here too. */
export function aesKeyBytes(key: string): Uint8Array<ArrayBuffer> {
  const problem = deviceSignKeyProblem(key);
  if (problem) throw new Error(problem);
  return encoder.encode(key);
}

function importKey(subtle: SubtleCrypto, key: Uint8Array): Promise<CryptoKey> {
  return subtle.importKey('raw', new Uint8Array(key), { name: 'AES-CBC' }, false, ['encrypt', 'decrypt']);
}

function webCryptoAesCbc(subtle: SubtleCrypto): AesCbc {
  return {
    encrypt: async (key, iv, plain) =>
      new Uint8Array(
        await subtle.encrypt(
          { name: 'AES-CBC', iv: new Uint8Array(iv) },
          await importKey(subtle, key),
          new Uint8Array(plain),
        ),
      ),
    decrypt: async (key, iv, sealed) =>
      new Uint8Array(
        await subtle.decrypt(
          { name: 'AES-CBC', iv: new Uint8Array(iv) },
          await importKey(subtle, key),
          new Uint8Array(sealed),
        ),
      ),
  };
}

/** Web Crypto when this context has it (secure contexts only), otherwise the audited fallback. */
export async function aesCbc(): Promise<AesCbc> {
  // Typed as always present, but undefined outside secure contexts.
  const subtle = globalThis.crypto.subtle as SubtleCrypto | undefined;
  if (subtle) return webCryptoAesCbc(subtle);
  const { nobleAesCbc } = await import('./aes-cbc-noble');
  return nobleAesCbc;
}
