/**
 * What a service session needs from chat: its conversation (type `service`), staff joining and
 * leaving it, its status, and platform notices in it. Built in app.ts from the chat module's public
 * API (`app.chat`), so the two modules do not import each other. Chat runs its own transactions and
 * delivers to sockets when they commit, so the session calls these after its own transaction.
 */
export interface ServiceChat {
  /** Opens a service conversation with the user as its owner; answers its id. */
  open(userId: number): Promise<number>;
  join(conversationId: number, staffId: number): Promise<void>;
  leave(conversationId: number, staffId: number): Promise<void>;
  status(conversationId: number, status: 'queued' | 'open' | 'closed'): Promise<void>;
  notice(conversationId: number, text: string): Promise<void>;
  /** Tells these staff members' open sockets that the queue changed (a `service_queue` frame). */
  queueChanged(staffIds: number[]): void;
}
