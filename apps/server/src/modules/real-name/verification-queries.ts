import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { realNameVerifications } from './tables.ts';

/** The masked verified name of the user (张**), undefined before verification. */
export async function verifiedNameMasked(executor: Executor, userId: number): Promise<string | undefined> {
  const [row] = await executor
    .select({ nameMasked: realNameVerifications.nameMasked })
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, userId));
  return row?.nameMasked;
}

export const isRealNameVerified = async (executor: Executor, userId: number): Promise<boolean> =>
  (await verifiedNameMasked(executor, userId)) !== undefined;
