import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { hmac, safeEqual } from '../../lib/crypto.ts';
import type { StorageProvider } from './storage-provider.ts';

export interface LocalStorage extends StorageProvider {
  readonly kind: 'local';
  /** The file behind a key (for serving and the resize cache). */
  pathOf(key: string): string;
  /** Whether the query of an upload URL was signed by us for this key and ticket. */
  verifySignature(key: string, ticketId: string, expires: number, signature: string): boolean;
}

/** Writes to a temporary name first, so a reader never sees half a file. */
export async function writeFileAtomic(path: string, body: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, path);
}

export function createLocalStorage(options: {
  root: string;
  secret: string;
  publicPrefix?: string;
}): LocalStorage {
  const { root, secret } = options;
  const prefix = options.publicPrefix ?? '/uploads/';
  const sign = (key: string, ticketId: string, expires: number) =>
    hmac(secret, `upload:${ticketId}:${key}:${expires}`);
  const pathOf = (key: string) => join(root, key);
  return {
    kind: 'local',
    pathOf,
    publicUrl: (key) => `${prefix}${key}`,
    async uploadTarget({ ticketId, key, contentType, expiresAt }) {
      const expires = Math.floor(expiresAt.getTime() / 1000);
      const query = new URLSearchParams({
        ticket: ticketId,
        expires: String(expires),
        sig: sign(key, ticketId, expires),
      });
      return { url: `${prefix}${key}?${query.toString()}`, headers: { 'content-type': contentType } };
    },
    verifySignature: (key, ticketId, expires, signature) =>
      safeEqual(sign(key, ticketId, expires), signature),
    put: (key, body) => writeFileAtomic(pathOf(key), body),
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch {
        return undefined;
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
