import type { UploadPurpose, UploadVideoType } from '@haoshi/contracts';
import { randomToken } from '../../lib/crypto.ts';
/**
 * Where uploaded and demo images live. The built-in provider keeps them on local disk behind
 * signed URLs served by this server; the S3 adapter uses any S3-compatible store with presigned PUTs.
 */
export interface UploadTargetInput {
  ticketId: string;
  key: string;
  contentType: string;
  bytes: number;
  expiresAt: Date;
}

export interface UploadTarget {
  url: string;
  headers: Record<string, string>;
}

export interface StorageProvider {
  readonly kind: 'local' | 's3';
  /** Where a stored object can be read by a browser. */
  publicUrl(key: string): string;
  /** The signed, expiring URL one ticket's bytes go to. */
  uploadTarget(input: UploadTargetInput): Promise<UploadTarget>;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** Deletes a stored object; deleting one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

/** Keys are chosen by the server: lower-case segments and one image or video extension, never "..". */
export const storageKeyPattern = /^[a-z0-9][a-z0-9_\-/]{0,150}\.(jpg|png|webp|svg|mp4|webm|mov)$/;

const monthFolder = (now: Date) => `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;

/** A fresh key for a new upload: `<purpose>/<yyyymm>/<random>.<extension>`. */
export const newUploadKey = (purpose: UploadPurpose, now: Date, extension: string): string =>
  `${purpose.replace(/_/g, '-')}/${monthFolder(now)}/${randomToken(16)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')}.${extension}`;

/** The extension a stored video keeps (images are all re-encoded to JPEG). */
export const videoExtensions: Record<UploadVideoType, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
};

export const contentTypeOfKey = (key: string): string => {
  for (const [type, extension] of Object.entries(videoExtensions))
    if (key.endsWith(`.${extension}`)) return type;
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.svg')) return 'image/svg+xml';
  return 'image/jpeg';
};
