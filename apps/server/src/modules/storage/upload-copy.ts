import type { UploadPurpose } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { randomToken } from '../../lib/crypto.ts';
import { reencodeImage } from './image.ts';
import { newUploadKey, type StorageProvider } from './storage-provider.ts';
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
