import type { Executor } from '../../db/client.ts';

/**
 * What a service session needs from chat: its conversation (type `service`), staff joining and
 * leaving it, and system notices in it. Built in app.ts from the chat module's public API, so the
 * two modules do not import each other; every call runs in the session's transaction.
 */
export interface ServiceChat {
  /** Opens the session's conversation with the user as its member; answers its id. */
  open(executor: Executor, request: { userId: number; sessionId: number; title: string }): Promise<number>;
  join(executor: Executor, conversationId: number, staffId: number): Promise<void>;
  leave(executor: Executor, conversationId: number, staffId: number): Promise<void>;
  notice(executor: Executor, conversationId: number, text: string): Promise<void>;
}
