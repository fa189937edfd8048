/** How long 对方正在输入… stays up after a typing frame (the typist sends one every 3 s). */
export const TYPING_SHOW_MS = 5_000;
/** The composer tells the others it is typing at most this often. */
export const TYPING_SEND_EVERY_MS = 3_000;

/** What the socket says of a conversation beyond its messages. */
export interface ConversationLive {
  /** Members typing now (other than the viewer). */
  typing: readonly number[];
  /** Read marks heard from other members since the page loaded, by user. */
  reads: ReadonlyMap<number, number>;
}

const EMPTY: ConversationLive = { typing: [], reads: new Map() };

/**
 * Typing and read marks of other members, from `typing` and `read` frames: a typing mark lasts
 * TYPING_SHOW_MS (or until that member's next message); read marks only move forward. Screens read
 * it with useSyncExternalStore (one stable snapshot per conversation until it changes).
 */
export class LiveState {
  private readonly typingTimers = new Map<number, Map<number, () => void>>();
  private readonly readMarks = new Map<number, Map<number, number>>();
  private readonly snapshots = new Map<number, ConversationLive>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly schedule: (work: () => void, ms: number) => () => void) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  of(conversationId: number): ConversationLive {
    return this.snapshots.get(conversationId) ?? EMPTY;
  }

  typing(conversationId: number, userId: number): void {
    const timers = this.typingTimers.get(conversationId) ?? new Map<number, () => void>();
    this.typingTimers.set(conversationId, timers);
    timers.get(userId)?.();
    timers.set(
      userId,
      this.schedule(() => this.stopTyping(conversationId, userId), TYPING_SHOW_MS),
    );
    this.changed(conversationId);
  }

  /** A member's message arrived: they are no longer typing it. */
  stopTyping(conversationId: number, userId: number): void {
    const timers = this.typingTimers.get(conversationId);
    const cancel = timers?.get(userId);
    if (!timers || !cancel) return;
    cancel();
    timers.delete(userId);
    this.changed(conversationId);
  }

  read(conversationId: number, userId: number, seq: number): void {
    const marks = this.readMarks.get(conversationId) ?? new Map<number, number>();
    this.readMarks.set(conversationId, marks);
    if (seq <= (marks.get(userId) ?? 0)) return;
    marks.set(userId, seq);
    this.changed(conversationId);
  }

  clear(): void {
    for (const timers of this.typingTimers.values()) for (const cancel of timers.values()) cancel();
    this.typingTimers.clear();
    this.readMarks.clear();
    const ids = [...this.snapshots.keys()];
    this.snapshots.clear();
    if (ids.length > 0) this.listeners.forEach((listener) => listener());
  }

  private changed(conversationId: number): void {
    this.snapshots.set(conversationId, {
      typing: [...(this.typingTimers.get(conversationId)?.keys() ?? [])],
      reads: new Map(this.readMarks.get(conversationId) ?? []),
    });
    this.listeners.forEach((listener) => listener());
  }
}
