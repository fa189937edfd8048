import { eq } from 'drizzle-orm';
import { ERASED_REVIEW_TEXT } from '@haoshi/contracts';
import type { Executor } from '../../db/client.ts';
import { evaluations } from './tables.ts';

/**
 * For account cancellation, in its erasure transaction: the words of the evaluations the user wrote
 * go; the stars and tags stay, since the other party's reputation rests on them.
 */
export async function eraseEvaluationTexts(executor: Executor, userId: number): Promise<void> {
  await executor
    .update(evaluations)
    .set({ content: ERASED_REVIEW_TEXT })
    .where(eq(evaluations.authorId, userId));
}
