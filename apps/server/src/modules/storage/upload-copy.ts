import type { UploadPurpose } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { randomToken, sha256Hex } from '../../lib/crypto.ts';
import { reencodeImage } from './image.ts';
import { contentTypeOfKey, newUploadKey, type StorageProvider } from './storage-provider.ts';
import { uploadTickets } from './tables.ts';

/**
 * Copies a stored image into a new upload of `userId` for `purpose` (re-encoded, as every upload
 * is), recorded as a used ticket in the caller's transaction, so `confirmOwned` accepts it as theirs:
 * a 转卖 draft owns copies of the bought listing's screenshots, never the old seller's files.
 * Answers the new key, or undefined when the source is not stored (nothing is written then).
 */
export async function copyImageUpload(
  executor: Executor,
  provider: StorageProvider,
  input: { userId: number; purpose: UploadPurpose; sourceKey: string; now: Date },
): Promise<string | undefined> {
  const bytes = await provider.get(input.sourceKey);
  if (!bytes) return undefined;
  const image = await reencodeImage(bytes);
  const key = newUploadKey(input.purpose, input.now, 'jpg');
  await provider.put(key, image.data, 'image/jpeg');
  await executor.insert(uploadTickets).values({
    id: randomToken(18),
    userId: input.userId,
    purpose: input.purpose,
    key,
    contentType: 'image/jpeg',
    declaredBytes: image.data.length,
    expiresAt: input.now,
    usedAt: input.now,
    bytes: image.data.length,
    width: image.width,
    height: image.height,
    createdAt: input.now,
  });
  return key;
}

/**
 * Stores a stored object's exact bytes again under a key named by their SHA-256,
 * `<folder>/sha256/<hex>.<extension>`: no upload ticket names such a key, so nothing sent through an
 * upload (an S3 signed PUT works until it expires) reaches it. Answers the key and the hash, or
 * undefined when the source is not stored.
 */
export async function copyByContent(
  provider: StorageProvider,
  input: { sourceKey: string; folder: string },
): Promise<{ key: string; sha256: string } | undefined> {
  const bytes = await provider.get(input.sourceKey);
  if (!bytes) return undefined;
  const sha256 = sha256Hex(bytes);
  const extension = input.sourceKey.slice(input.sourceKey.lastIndexOf('.') + 1);
  const key = `${input.folder}/sha256/${sha256}.${extension}`;
  await provider.put(key, bytes, contentTypeOfKey(input.sourceKey));
  return { key, sha256 };
}
