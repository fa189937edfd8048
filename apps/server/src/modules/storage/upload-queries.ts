import { and, eq, isNotNull } from 'drizzle-orm';
import type { UploadPurpose } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { uploadTickets } from './tables.ts';

/** The purpose of a finished (stored and checked) upload of this user, or null when there is none. */
export async function finishedUploadPurpose(
  executor: Executor,
  upload: { userId: number; key: string },
): Promise<UploadPurpose | null> {
  const [row] = await executor
    .select({ purpose: uploadTickets.purpose })
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.key, upload.key),
        eq(uploadTickets.userId, upload.userId),
        isNotNull(uploadTickets.usedAt),
      ),
    );
  return row?.purpose ?? null;
}
