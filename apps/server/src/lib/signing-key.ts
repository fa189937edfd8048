import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * An Ed25519 key pair given as its 32-byte seed (base64), as the environment holds it. The
 * development key is derived from a fixed label: anyone can recompute it, so production refuses it.
 */
export const DEFAULT_ESIGN_SIGNING_KEY = createHash('sha256')
  .update('haoshi-development-esign-signing-key')
  .digest('base64');

const SEED_BYTES = 32;
// PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410): the DER prefix before the 32 seed bytes.
const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

/** A random seed has ~30 distinct bytes of 32; fewer than this is a made-up one (all zeros…). */
const MIN_DISTINCT_BYTES = 16;

/**
 * The seed of a key written in canonical base64 only: one seed has one spelling, so the development
 * default cannot come back in as another (unpadded, or with other unused bits in its last letter).
 */
const seedOf = (key: string): Buffer | undefined => {
  const bytes = Buffer.from(key, 'base64');
  return bytes.length === SEED_BYTES && bytes.toString('base64') === key ? bytes : undefined;
};

export function esignSigningKeyProblem(key: string): string | undefined {
  const seed = seedOf(key);
  if (!seed) return 'ESIGN_SIGNING_KEY must be a 32-byte Ed25519 seed in base64 (openssl rand -base64 32)';
  if (new Set(seed).size < MIN_DISTINCT_BYTES)
    return 'ESIGN_SIGNING_KEY is not random (too few distinct bytes): openssl rand -base64 32';
  return undefined;
}

export interface SigningKey {
  /** The first 16 hex digits of the SHA-256 of the raw public key: names the key in each snapshot. */
  keyId: string;
  /** Raw 32-byte public key, base64. */
  publicKey: string;
  /** Ed25519 signature (base64) of the bytes. */
  sign(data: Buffer): string;
  verify(data: Buffer, signature: string): boolean;
}

export function signingKeyFromSeed(key: string): SigningKey {
  const seed = seedOf(key);
  if (!seed) throw new Error(esignSigningKeyProblem(key));
  const privateKey = createPrivateKey({
    key: Buffer.concat([pkcs8Prefix, seed]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKeyObject: KeyObject = createPublicKey(privateKey);
  // The SPKI DER of an Ed25519 key ends with its 32 raw bytes.
  const raw = publicKeyObject.export({ format: 'der', type: 'spki' }).subarray(-32);
  return {
    keyId: createHash('sha256').update(raw).digest('hex').slice(0, 16),
    publicKey: raw.toString('base64'),
    sign: (data) => sign(null, data, privateKey).toString('base64'),
    verify: (data, signature) => {
      const bytes = Buffer.from(signature, 'base64');
      return bytes.length === 64 && verify(null, data, publicKeyObject, bytes);
    },
  };
}
