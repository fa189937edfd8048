import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { feedback } from './tables.ts';

/** For account cancellation: the user's feedback entries (text, contact, screenshots) are deleted. */
export async function eraseFeedback(executor: Executor, userId: number): Promise<void> {
  await executor.delete(feedback).where(eq(feedback.userId, userId));
}
