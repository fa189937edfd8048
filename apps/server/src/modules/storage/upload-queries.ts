import { and, eq, isNotNull } from 'drizzle-orm';
import type { UploadPurpose } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { uploadTickets } from './tables.ts';

/** A finished (uploaded and checked) upload of this user: its purpose and pixel size, or null. */
export async function finishedUpload(
  executor: Executor,
  upload: { userId: number; key: string },
): Promise<{ purpose: UploadPurpose; width: number | null; height: number | null } | null> {
  const [row] = await executor
    .select({ purpose: uploadTickets.purpose, width: uploadTickets.width, height: uploadTickets.height })
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.key, upload.key),
        eq(uploadTickets.userId, upload.userId),
        isNotNull(uploadTickets.usedAt),
      ),
    );
  return row ?? null;
}

/** The purpose of a finished (stored and checked) upload of this user, or null when there is none. */
export async function finishedUploadPurpose(
  executor: Executor,
  upload: { userId: number; key: string },
): Promise<UploadPurpose | null> {
  return (await finishedUpload(executor, upload))?.purpose ?? null;
}
