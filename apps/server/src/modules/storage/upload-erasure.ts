import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import type { UploadPurpose } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import type { Storage } from './storage-factory.ts';
import { uploadTickets } from './tables.ts';

/**
 * Uploads that are only about the person (a profile picture, feedback screenshots, chat pictures,
 * payment QR codes). The others are records of a trade or a legal step (listing screenshots,
 * signatures, hand-over videos, dispute and report evidence) and are kept.
 */
export const personalUploadPurposes: readonly UploadPurpose[] = ['avatar', 'feedback', 'chat', 'payout_qr'];

/** The queue whose jobs delete stored objects once the transaction that forgot them committed. */
export const REMOVE_STORED_OBJECTS_QUEUE = 'storage-remove-objects';

/** Forgets a user's personal uploads in the caller's transaction; returns their keys to delete. */
export async function forgetPersonalUploads(tx: Executor, userId: number): Promise<string[]> {
  const rows = await tx
    .delete(uploadTickets)
    .where(and(eq(uploadTickets.userId, userId), inArray(uploadTickets.purpose, [...personalUploadPurposes])))
    .returning({ key: uploadTickets.key });
  return rows.map((row) => row.key);
}

/** Deletes stored objects and every resized copy the image cache made of them (idempotent). */
export async function removeStoredObjects(storage: Storage, keys: readonly string[]): Promise<void> {
  const variantFolders = await readdir(storage.cacheRoot).catch(() => [] as string[]);
  for (const key of keys) {
    await storage.provider.remove(key);
    for (const folder of variantFolders) await rm(join(storage.cacheRoot, folder, key), { force: true });
  }
}
