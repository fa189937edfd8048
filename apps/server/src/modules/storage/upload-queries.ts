import { and, eq, isNotNull } from 'drizzle-orm';
import type { UploadPurpose } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { uploadTickets } from './tables.ts';

/** Whether `key` is this user's upload for this purpose, stored and checked (its ticket was used). */
export async function isFinishedUpload(
  executor: Executor,
  upload: { userId: number; key: string; purpose: UploadPurpose },
): Promise<boolean> {
  const [row] = await executor
    .select({ id: uploadTickets.id })
    .from(uploadTickets)
    .where(
      and(
        eq(uploadTickets.key, upload.key),
        eq(uploadTickets.userId, upload.userId),
        eq(uploadTickets.purpose, upload.purpose),
        isNotNull(uploadTickets.usedAt),
      ),
    );
  return row !== undefined;
}
