import type { OutgoingContent } from '@haoshi/contracts';

/** A message the user sent that the server has not confirmed yet (or refused). */
export interface PendingMessage {
  client_msg_id: string;
  conversation_id: number;
  content: OutgoingContent;
  /** uploading: an image still going up; sending: handed to the socket or HTTP; failed: retryable. */
  status: 'uploading' | 'sending' | 'failed';
  /** An image's local preview and upload progress (0–100). */
  preview?: string;
  progress?: number;
  /** Why it failed (the server's message, or the network's). */
  error?: string;
  created_at: string;
}

const EMPTY: readonly PendingMessage[] = [];

/** A client id for a send: 32 hex characters from the platform's random source (no secure context needed). */
export function newClientMsgId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The sends waiting for the server, by conversation, in the order written. Client state (not server
 * state): what the user typed stays on screen with its client_msg_id until the server confirms it.
 */
export class Outbox {
  private byConversation = new Map<number, readonly PendingMessage[]>();
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  of(conversationId: number): readonly PendingMessage[] {
    return this.byConversation.get(conversationId) ?? EMPTY;
  }

  all(): PendingMessage[] {
    return [...this.byConversation.values()].flat();
  }

  find(clientMsgId: string): PendingMessage | undefined {
    return this.all().find((item) => item.client_msg_id === clientMsgId);
  }

  add(message: PendingMessage): void {
    this.write(message.conversation_id, [...this.of(message.conversation_id), message]);
  }

  update(
    clientMsgId: string,
    change: Partial<Omit<PendingMessage, 'client_msg_id' | 'conversation_id'>>,
  ): void {
    const held = this.find(clientMsgId);
    if (!held) return;
    this.write(
      held.conversation_id,
      this.of(held.conversation_id).map((item) =>
        item.client_msg_id === clientMsgId ? { ...item, ...change } : item,
      ),
    );
  }

  /** The server stored it (or the user gave up on it). */
  remove(clientMsgId: string): PendingMessage | undefined {
    const held = this.find(clientMsgId);
    if (!held) return undefined;
    this.write(
      held.conversation_id,
      this.of(held.conversation_id).filter((item) => item.client_msg_id !== clientMsgId),
    );
    return held;
  }

  clear(): void {
    this.byConversation = new Map();
    this.notify();
  }

  private write(conversationId: number, list: readonly PendingMessage[]): void {
    const next = new Map(this.byConversation);
    if (list.length === 0) next.delete(conversationId);
    else next.set(conversationId, list);
    this.byConversation = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
