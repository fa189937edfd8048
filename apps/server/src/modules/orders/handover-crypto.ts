import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** A record sealed with AES-256-GCM: base64 parts and the id of the key that sealed it. */
export interface Sealed {
  keyId: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

export interface CredentialsVault {
  /** Seals with the current key and a fresh 96-bit IV; `context` (the order) is bound as AAD. */
  seal(plaintext: string, context: string): Sealed;
  /** Opens with the key the record names; throws when the key is unknown or the record was altered. */
  open(sealed: Sealed, context: string): string;
  currentKeyId: string;
}

/** What a sealed record is bound to (AAD): its order, so a record copied to another order fails. */
export const credentialsContext = (orderId: number) => `order:${orderId}`;

/**
 * The key ring of ORDER_CREDENTIALS_KEYS (validated by the config): `id:base64,…`, the first
 * seals, every one opens, so a new key goes first and old records stay readable until re-sealed.
 */
export function createCredentialsVault(keyRing: string): CredentialsVault {
  const keys = new Map<string, Buffer>();
  for (const entry of keyRing.split(',')) {
    const [id = '', key = ''] = entry.trim().split(':');
    keys.set(id, Buffer.from(key, 'base64'));
  }
  const [currentKeyId] = keys.keys();
  if (!currentKeyId) throw new Error('orders: no credentials key');
  const keyOf = (id: string) => {
    const key = keys.get(id);
    if (!key) throw new Error(`orders: credentials key ${id} is not in ORDER_CREDENTIALS_KEYS`);
    return key;
  };

  return {
    currentKeyId,
    seal(plaintext, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', keyOf(currentKeyId), iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return {
        keyId: currentKeyId,
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        ciphertext: ciphertext.toString('base64'),
      };
    },
    open(sealed, context) {
      const decipher = createDecipheriv('aes-256-gcm', keyOf(sealed.keyId), Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
