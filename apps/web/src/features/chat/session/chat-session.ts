import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type {
  ChatMessage,
  ClientFrame,
  ConversationList,
  History,
  ImConnect,
  MsgHome,
  OutgoingContent,
  ReadRequest,
  SendMessageRequest,
  SendMessageResult,
  ServerFrame,
} from '@haoshi/contracts';
import { chatKeys } from '@/core/query-keys';
import { ChatSocket, type SocketLike, type SocketStatus } from './chat-socket';
import { LiveState, TYPING_SEND_EVERY_MS } from './live-state';
import { contiguousSeq, insertIntoHistory, type HistoryData } from './message-merge';
import { newClientMsgId, Outbox, type PendingMessage } from './outbox';

/** How long a send over the socket may wait for `sent` before it goes again over HTTP. */
export const SEND_ACK_TIMEOUT_MS = 8_000;
/** Messages per catch-up page after a gap or a resume. */
export const CATCH_UP_LIMIT = 200;
const LIST_REFRESH_MS = 300;

export type ImageUpload = (
  file: File,
  onProgress: (percent: number) => void,
) => Promise<{ ok: true; key: string } | { ok: false; message: string }>;

/** What the session needs from the outside world; the app passes the real ones (chat-connection.ts). */
export interface ChatSessionDeps {
  connectInfo: () => Promise<ImConnect>;
  createSocket: (url: string) => SocketLike;
  schedule: (work: () => void, ms: number) => () => void;
  origin: () => string;
  sendOverHttp: (request: SendMessageRequest) => Promise<SendMessageResult>;
  readOverHttp: (request: ReadRequest) => Promise<MsgHome>;
  fetchAfter: (conversationId: number, afterSeq: number, limit: number) => Promise<History>;
  uploadImage: ImageUpload;
  previewOf: (file: File) => string;
  /** The server ended the socket's session (close 4401): the user must log in again. */
  onSessionEnded: () => void;
  random?: () => number;
  /** Milliseconds of the wall clock (typing throttle); Date.now by default. */
  now?: () => number;
}

const NETWORK_FAILED = '发送失败，点击重发';

function failureText(error: unknown): string {
  const message = (error as { message?: unknown; code?: unknown } | undefined)?.message;
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'number' && typeof message === 'string' && message !== '' ? message : NETWORK_FAILED;
}

/**
 * The tab's chat: one socket, the sends waiting for the server, and the bridge from socket frames to
 * the query cache (history, conversation list, unread totals). Delivery is at least once (pushes,
 * resumes and catch-ups overlap); the history is keyed by seq, so each message shows once.
 */
export class ChatSession {
  readonly outbox = new Outbox();
  private readonly socket: ChatSocket;
  private readonly catchingUp = new Set<number>();
  private readonly readSent = new Map<number, number>();
  private readonly ackSent = new Map<number, number>();
  private readonly sendTimers = new Map<string, () => void>();
  private readonly files = new Map<string, File>();
  private readonly statusListeners = new Set<() => void>();
  private readonly frameListeners = new Set<(frame: ServerFrame) => void>();
  private readonly typingSent = new Map<number, number>();
  private cancelListRefresh: (() => void) | undefined;
  /** Typing and read marks of the other members (read receipts, 对方正在输入…). */
  readonly live: LiveState;

  constructor(
    private readonly client: QueryClient,
    private readonly deps: ChatSessionDeps,
  ) {
    this.live = new LiveState(deps.schedule);
    this.socket = new ChatSocket({
      connectInfo: deps.connectInfo,
      createSocket: deps.createSocket,
      schedule: deps.schedule,
      origin: deps.origin,
      random: deps.random,
      lastSeqs: () => this.lastSeqs(),
      onFrame: (frame) => this.onFrame(frame),
      onStatus: () => this.statusListeners.forEach((listener) => listener()),
      onUnauthorized: () => this.outbox.clear(),
      onSessionEnded: () => {
        this.stop();
        deps.onSessionEnded();
      },
    });
  }

  // --- connection ------------------------------------------------------------------------------

  start(): void {
    this.socket.start();
  }

  stop(): void {
    this.socket.stop();
    for (const cancel of this.sendTimers.values()) cancel();
    this.sendTimers.clear();
    this.readSent.clear();
    this.ackSent.clear();
    this.typingSent.clear();
    this.outbox.clear();
    this.live.clear();
  }

  reconnectNow(): void {
    this.socket.reconnectNow();
  }

  goOffline(): void {
    this.socket.goOffline();
  }

  get status(): SocketStatus {
    return this.socket.state;
  }

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  /** Every frame the socket brings, after the session handled it (other screens of the tab follow it). */
  subscribeFrames = (listener: (frame: ServerFrame) => void): (() => void) => {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  };

  /** Writes a frame if the socket is up; false when it is not (the caller falls back to HTTP). */
  sendFrame(frame: ClientFrame): boolean {
    return this.socket.send(frame);
  }

  /** The resume point of every conversation whose history this tab holds. */
  lastSeqs(): { conversation_id: number; seq: number }[] {
    return this.client
      .getQueriesData<HistoryData>({ queryKey: [...chatKeys.all, 'messages'] })
      .flatMap(([key, data]) => {
        const conversationId = key[2];
        if (typeof conversationId !== 'number' || !data) return [];
        return [{ conversation_id: conversationId, seq: this.heldSeq(conversationId) }];
      });
  }

  /** The highest seq up to which this tab holds every message of the conversation (0 when none). */
  heldSeq(conversationId: number): number {
    const data = this.client.getQueryData<HistoryData>(chatKeys.messages(conversationId));
    const first = data?.pages[0];
    if (!data || !first) return 0;
    const base = (first.list[0]?.seq ?? 1) - 1;
    return contiguousSeq(
      base,
      data.pages.flatMap((page) => page.list.map((message) => message.seq)),
    );
  }

  // --- incoming --------------------------------------------------------------------------------

  private onFrame(frame: ServerFrame): void {
    switch (frame.type) {
      case 'ready':
        this.resendPending();
        for (const head of frame.heads) {
          if (this.isHeld(head.conversation_id) && head.last_seq > this.heldSeq(head.conversation_id))
            void this.catchUp(head.conversation_id);
        }
        break;
      case 'message':
        if (frame.message.sender_id !== null)
          this.live.stopTyping(frame.message.conversation_id, frame.message.sender_id);
        this.ingest(frame.message);
        break;
      case 'recall':
        this.ingest(frame.message);
        break;
      case 'typing':
        this.live.typing(frame.conversation_id, frame.user_id);
        break;
      case 'read':
        this.live.read(frame.conversation_id, frame.user_id, frame.seq);
        break;
      case 'notice':
        // A system notice or seller-helper line arrived: its channel, the pinned rows and the
        // totals are stale (the `unread` frame that follows sets the totals at once).
        void this.client.invalidateQueries({ queryKey: chatKeys.notices(frame.notice.channel) });
        void this.client.invalidateQueries({ queryKey: chatKeys.conversations });
        void this.client.invalidateQueries({ queryKey: chatKeys.msgHome });
        break;
      case 'sent':
        this.sendTimers.get(frame.client_msg_id)?.();
        this.sendTimers.delete(frame.client_msg_id);
        this.ingest(frame.message);
        break;
      case 'unread':
        this.client.setQueryData(chatKeys.msgHome, frame.totals);
        break;
      case 'error':
        if (frame.client_msg_id) this.fail(frame.client_msg_id, frame.message);
        break;
      default:
        break;
    }
    for (const listener of this.frameListeners) listener(frame);
  }

  private isHeld(conversationId: number): boolean {
    return this.client.getQueryData(chatKeys.messages(conversationId)) !== undefined;
  }

  /** A message from anywhere (push, resume, catch-up, send answer): into the history once. */
  ingest(message: ChatMessage): void {
    this.put(message);
    const held = this.heldSeq(message.conversation_id);
    if (this.isHeld(message.conversation_id) && message.seq > held)
      void this.catchUp(message.conversation_id);
    this.refreshListSoon();
  }

  private put(message: ChatMessage): void {
    this.client.setQueryData<HistoryData>(chatKeys.messages(message.conversation_id), (data) =>
      data ? insertIntoHistory(data, message) : data,
    );
    if (message.client_msg_id) {
      this.sendTimers.get(message.client_msg_id)?.();
      this.sendTimers.delete(message.client_msg_id);
      this.files.delete(message.client_msg_id);
      this.outbox.remove(message.client_msg_id);
    }
  }

  /** Fills a gap over HTTP, page by page, from the held seq on (one run per conversation at a time). */
  async catchUp(conversationId: number): Promise<void> {
    if (this.catchingUp.has(conversationId)) return;
    this.catchingUp.add(conversationId);
    try {
      for (;;) {
        const from = this.heldSeq(conversationId);
        const page = await this.deps.fetchAfter(conversationId, from, CATCH_UP_LIMIT);
        for (const message of page.list) this.put(message);
        if (!page.has_more || page.list.length === 0 || this.heldSeq(conversationId) <= from) break;
      }
    } catch {
      // The next push or reconnect tries again.
    } finally {
      this.catchingUp.delete(conversationId);
    }
    this.refreshListSoon();
  }

  /**
   * The 消息 list (last messages, unread counts) and the tab's unread total follow new messages:
   * one refresh for a burst of them.
   */
  private refreshListSoon(): void {
    if (this.cancelListRefresh) return;
    this.cancelListRefresh = this.deps.schedule(() => {
      this.cancelListRefresh = undefined;
      void this.client.invalidateQueries({ queryKey: chatKeys.conversations });
      void this.client.invalidateQueries({ queryKey: chatKeys.msgHome });
    }, LIST_REFRESH_MS);
  }

  // --- shown and read --------------------------------------------------------------------------

  /** The conversation is on screen up to seq: read (and delivered), once per new seq. */
  markRead(conversationId: number, seq: number): void {
    if (seq <= (this.readSent.get(conversationId) ?? 0)) return;
    this.readSent.set(conversationId, seq);
    this.clearListUnread(conversationId);
    if (this.socket.send({ type: 'read', conversation_id: conversationId, seq })) return;
    this.deps
      .readOverHttp({ conversation_id: conversationId, seq })
      .then((totals) => this.client.setQueryData(chatKeys.msgHome, totals))
      .catch(() => this.readSent.delete(conversationId));
  }

  /** A message was shown (in the 消息 list): delivered, so a resume need not push it again. */
  ack(conversationId: number, seq: number): void {
    if (seq <= (this.ackSent.get(conversationId) ?? 0)) return;
    if (this.socket.send({ type: 'ack', conversation_id: conversationId, seq }))
      this.ackSent.set(conversationId, seq);
  }

  private clearListUnread(conversationId: number): void {
    this.client.setQueryData<InfiniteData<ConversationList>>(chatKeys.conversations, (data) =>
      data
        ? {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              list: page.list.map((item) => (item.id === conversationId ? { ...item, unread: 0 } : item)),
            })),
          }
        : data,
    );
  }

  /** The composer has input: tell the others, at most once every TYPING_SEND_EVERY_MS. */
  typing(conversationId: number): void {
    const at = (this.deps.now ?? Date.now)();
    const last = this.typingSent.get(conversationId);
    if (last !== undefined && at - last < TYPING_SEND_EVERY_MS) return;
    if (this.socket.send({ type: 'typing', conversation_id: conversationId }))
      this.typingSent.set(conversationId, at);
  }

  // --- outgoing --------------------------------------------------------------------------------

  /** Queues a message: on screen at once with its client_msg_id, confirmed or marked failed later. */
  send(conversationId: number, content: OutgoingContent): string {
    const clientMsgId = newClientMsgId();
    this.outbox.add({
      client_msg_id: clientMsgId,
      conversation_id: conversationId,
      content,
      status: 'sending',
      created_at: new Date().toISOString(),
    });
    this.dispatch(clientMsgId);
    return clientMsgId;
  }

  /** Uploads a picture with progress, then sends it as an image message. */
  sendImage(conversationId: number, file: File): string {
    const clientMsgId = newClientMsgId();
    this.files.set(clientMsgId, file);
    this.outbox.add({
      client_msg_id: clientMsgId,
      conversation_id: conversationId,
      content: { kind: 'image', image: '' },
      status: 'uploading',
      preview: this.deps.previewOf(file),
      progress: 0,
      created_at: new Date().toISOString(),
    });
    void this.upload(clientMsgId, file);
    return clientMsgId;
  }

  /** Sends a failed message again, with the same client_msg_id (never stored twice). */
  retry(clientMsgId: string): void {
    const pending = this.outbox.find(clientMsgId);
    if (!pending || pending.status !== 'failed') return;
    const file = this.files.get(clientMsgId);
    if (pending.content.kind === 'image' && pending.content.image === '' && file) {
      this.outbox.update(clientMsgId, { status: 'uploading', progress: 0, error: undefined });
      void this.upload(clientMsgId, file);
      return;
    }
    this.outbox.update(clientMsgId, { status: 'sending', error: undefined });
    this.dispatch(clientMsgId);
  }

  discard(clientMsgId: string): void {
    this.files.delete(clientMsgId);
    this.outbox.remove(clientMsgId);
  }

  private async upload(clientMsgId: string, file: File): Promise<void> {
    let outcome: Awaited<ReturnType<ImageUpload>>;
    try {
      outcome = await this.deps.uploadImage(file, (progress) =>
        this.outbox.update(clientMsgId, { progress }),
      );
    } catch (error) {
      outcome = { ok: false, message: failureText(error) };
    }
    if (!this.outbox.find(clientMsgId)) return;
    if (!outcome.ok) {
      this.fail(clientMsgId, outcome.message);
      return;
    }
    this.outbox.update(clientMsgId, { status: 'sending', content: { kind: 'image', image: outcome.key } });
    this.dispatch(clientMsgId);
  }

  private dispatch(clientMsgId: string): void {
    const pending = this.outbox.find(clientMsgId);
    if (!pending || pending.status !== 'sending') return;
    const sent = this.socket.send({
      type: 'send',
      conversation_id: pending.conversation_id,
      client_msg_id: clientMsgId,
      content: pending.content,
    });
    if (!sent) {
      void this.sendByHttp(pending);
      return;
    }
    this.sendTimers.get(clientMsgId)?.();
    this.sendTimers.set(
      clientMsgId,
      this.deps.schedule(() => {
        this.sendTimers.delete(clientMsgId);
        const still = this.outbox.find(clientMsgId);
        if (still?.status === 'sending') void this.sendByHttp(still);
      }, SEND_ACK_TIMEOUT_MS),
    );
  }

  private async sendByHttp(pending: PendingMessage): Promise<void> {
    try {
      const result = await this.deps.sendOverHttp({
        conversation_id: pending.conversation_id,
        client_msg_id: pending.client_msg_id,
        content: pending.content,
      });
      this.ingest(result.message);
    } catch (error) {
      this.fail(pending.client_msg_id, failureText(error));
    }
  }

  private fail(clientMsgId: string, message: string): void {
    this.sendTimers.get(clientMsgId)?.();
    this.sendTimers.delete(clientMsgId);
    this.outbox.update(clientMsgId, { status: 'failed', error: message });
  }

  /** After a (re)connect, what was still going out goes again (the server drops duplicates). */
  private resendPending(): void {
    for (const pending of this.outbox.all())
      if (pending.status === 'sending') this.dispatch(pending.client_msg_id);
  }
}
