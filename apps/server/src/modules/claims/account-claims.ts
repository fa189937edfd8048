import { and, count, eq, inArray } from 'drizzle-orm';
import { openClaimStates } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { guaranteeClaims } from './tables.ts';

/** For account cancellation: the user's 找回 claims still being handled (a claim may still pay them). */
export async function openClaimCountOf(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ value: count() })
    .from(guaranteeClaims)
    .where(and(eq(guaranteeClaims.buyerId, userId), inArray(guaranteeClaims.state, [...openClaimStates])));
  return row?.value ?? 0;
}
