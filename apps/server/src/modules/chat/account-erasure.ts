import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chatBlocks, chatMembers, chatMessages } from './tables.ts';

/**
 * For account cancellation, in its erasure transaction: every message the user sent becomes a
 * recalled one (same seq, no content), so the other party's history keeps its order and gaps do not
 * appear; the user leaves every conversation and their own block list goes. Conversations, system
 * notices and other people's messages stay.
 */
export async function eraseChatContent(executor: Executor, userId: number, at: Date): Promise<void> {
  await executor
    .update(chatMessages)
    .set({
      kind: 'recalled',
      content: { kind: 'recalled' },
      flagged: false,
      clientMsgId: null,
      recalledAt: at,
    })
    .where(and(eq(chatMessages.senderId, userId), ne(chatMessages.kind, 'recalled')));
  await executor
    .update(chatMembers)
    .set({ leftAt: at })
    .where(and(eq(chatMembers.userId, userId), isNull(chatMembers.leftAt)));
  await executor.delete(chatBlocks).where(eq(chatBlocks.userId, userId));
}
