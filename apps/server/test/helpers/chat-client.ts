import WebSocket from 'ws';
import type { ClientFrame, ServerFrame } from '@haoshi/contracts';

/** A chat socket as a test drives it: every frame received is kept; `next` waits for one. */
export interface ChatClient {
  frames: ServerFrame[];
  closed: Promise<{ code: number }>;
  send(frame: ClientFrame | string | Buffer): void;
  /** The first frame (from `from` on) that matches, waiting up to `ms`. */
  next<T extends ServerFrame['type']>(
    type: T,
    match?: (frame: Extract<ServerFrame, { type: T }>) => boolean,
    ms?: number,
  ): Promise<Extract<ServerFrame, { type: T }>>;
  /** Message frames of a conversation, in arrival order. */
  messages(conversationId: number): Extract<ServerFrame, { type: 'message' }>['message'][];
  close(): Promise<void>;
  socket: WebSocket;
}

export async function openChat(
  baseUrl: string,
  options: { headers?: Record<string, string> } = {},
): Promise<ChatClient> {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/app/chat/ws`, {
    headers: options.headers ?? {},
  });
  const frames: ServerFrame[] = [];
  const waiters: Array<() => void> = [];
  socket.on('message', (data: Buffer) => {
    frames.push(JSON.parse(data.toString('utf8')) as ServerFrame);
    for (const wake of waiters.splice(0)) wake();
  });
  const closed = new Promise<{ code: number }>((resolve) =>
    socket.once('close', (code) => resolve({ code })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  return {
    frames,
    closed,
    socket,
    send(frame) {
      socket.send(typeof frame === 'string' || Buffer.isBuffer(frame) ? frame : JSON.stringify(frame));
    },
    async next(type, match, ms = 15_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(
          (frame) =>
            frame.type === type && (!match || match(frame as Extract<ServerFrame, { type: typeof type }>)),
        );
        if (found) return found as Extract<ServerFrame, { type: typeof type }>;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} frame; got ${JSON.stringify(frames.slice(-5))}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    messages(conversationId) {
      return frames.flatMap((frame) =>
        frame.type === 'message' && frame.message.conversation_id === conversationId ? [frame.message] : [],
      );
    },
    async close() {
      if (socket.readyState === WebSocket.CLOSED) return;
      socket.close();
      await closed;
    },
  };
}

/** Connects and says hello; resolves once `ready` arrived. */
export async function connectChat(
  baseUrl: string,
  token: string,
  lastSeqs: { conversation_id: number; seq: number }[] = [],
): Promise<ChatClient> {
  const client = await openChat(baseUrl);
  client.send({ type: 'hello', token, last_seqs: lastSeqs });
  await client.next('ready');
  return client;
}

/** Waits until the client holds messages up to `seq` in `conversationId`. */
export async function untilSeq(client: ChatClient, conversationId: number, seq: number, ms = 15_000) {
  await client.next(
    'message',
    (frame) => frame.message.conversation_id === conversationId && frame.message.seq >= seq,
    ms,
  );
}
