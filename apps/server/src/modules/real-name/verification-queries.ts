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

/** The masked name and ID number of a verified user (what a signed protocol names), else undefined. */
export async function verifiedIdentity(
  executor: Executor,
  userId: number,
): Promise<{ nameMasked: string; idNumberMasked: string } | undefined> {
  const [row] = await executor
    .select({
      nameMasked: realNameVerifications.nameMasked,
      idNumberMasked: realNameVerifications.idNumberMasked,
    })
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, userId));
  return row;
}
