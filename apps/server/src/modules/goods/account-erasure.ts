import { eq } from 'drizzle-orm';
import { ERASED_REVIEW_TEXT } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { goodsComments, goodsFavourites, goodsFootprints, storeFollows } from './tables.ts';

/**
 * For account cancellation, in its erasure transaction: the user's favourites, footprints (which are
 * also the visitor traces sellers see) and store follows go. None of them is a record the law asks
 * us to keep; orders, the ledger and the user's own listings are left alone.
 */
export async function eraseBrowsingData(executor: Executor, userId: number): Promise<void> {
  await executor.delete(goodsFavourites).where(eq(goodsFavourites.userId, userId));
  await executor.delete(goodsFootprints).where(eq(goodsFootprints.userId, userId));
  await executor.delete(storeFollows).where(eq(storeFollows.userId, userId));
}

/** For account cancellation: the words of the user's reviews go; their stars and tags stay with the seller. */
export async function eraseReviewTexts(executor: Executor, userId: number): Promise<void> {
  await executor
    .update(goodsComments)
    .set({ content: ERASED_REVIEW_TEXT })
    .where(eq(goodsComments.userId, userId));
}
