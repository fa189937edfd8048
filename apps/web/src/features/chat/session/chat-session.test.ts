import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, History, ImConnect, SendMessageRequest, ServerFrame } from '@haoshi/contracts';
import { chatKeys } from '@/core/query-keys';
import { backoffDelay, type SocketLike } from './chat-socket';
import { ChatSession, SEND_ACK_TIMEOUT_MS, type ChatSessionDeps } from './chat-session';
import { messagesOfHistory, type HistoryData } from './message-merge';

const CONVERSATION = 7;

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 1000 + seq,
    conversation_id: CONVERSATION,
    seq,
    sender_id: 2,
    client_msg_id: null,
    content: { kind: 'text', text: `消息${seq}` },
    flagged: false,
    created_at: '2026-11-25T10:00:00.000Z',
    recalled_at: null,
    ...overrides,
  };
}

const history = (seqs: number[], hasMore = false): History => ({
  list: seqs.map((seq) => message(seq)),
  has_more: hasMore,
  last_seq: Math.max(0, ...seqs),
  read_seq: 0,
});

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(frame: ServerFrame) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
  frames(type: string) {
    return this.sent.filter((frame) => frame.type === type);
  }
}

const info: ImConnect = {
  user_id: 1,
  ws_path: '/app/chat/ws',
  token: 'token-1',
  heartbeat_seconds: 25,
  recall_seconds: 120,
  max_frame_bytes: 16384,
};

function setup(overrides: Partial<ChatSessionDeps> = {}) {
  const client = new QueryClient();
  const sockets: FakeSocket[] = [];
  const timers: { work: () => void; ms: number; cancelled: boolean }[] = [];
  const httpSends: SendMessageRequest[] = [];
  const onSessionEnded = vi.fn<() => void>();
  const deps: ChatSessionDeps = {
    connectInfo: () => Promise.resolve(info),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    schedule: (work, ms) => {
      const timer = { work, ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    origin: () => 'ws://example.test',
    sendOverHttp: (request) => {
      httpSends.push(request);
      return Promise.resolve({
        message: message(99, { sender_id: 1, client_msg_id: request.client_msg_id }),
        duplicate: false,
      });
    },
    readOverHttp: () => Promise.resolve({ chat: 0, system: 0, seller_helper: 0, total: 0 }),
    fetchAfter: () => Promise.resolve(history([])),
    uploadImage: () => Promise.resolve({ ok: true, key: 'chat/a.png' }),
    previewOf: () => 'blob:preview',
    onSessionEnded,
    random: () => 1,
    ...overrides,
  };
  const session = new ChatSession(client, deps);
  const shown = () =>
    messagesOfHistory(client.getQueryData<HistoryData>(chatKeys.messages(CONVERSATION))?.pages ?? []).map(
      (item) => item.seq,
    );
  const hold = (seqs: number[]) =>
    client.setQueryData<HistoryData>(chatKeys.messages(CONVERSATION), {
      pages: [history(seqs)],
      pageParams: [null],
    });
  const runDue = (ms: number) => {
    for (const timer of timers.filter((item) => !item.cancelled && item.ms === ms)) {
      timer.cancelled = true;
      timer.work();
    }
  };
  const connect = async () => {
    session.start();
    await vi.waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1) as FakeSocket;
    socket.open();
    socket.push({ type: 'ready', user_id: 1, server_time: '2026-11-25T10:00:00.000Z', heads: [] });
    return socket;
  };
  return { client, session, sockets, timers, httpSends, onSessionEnded, shown, hold, runDue, connect };
}

afterEach(() => vi.useRealTimers());

describe('chat session', () => {
  it('says hello with the session token and the held seq of every conversation', async () => {
    const { hold, connect } = setup();
    hold([1, 2, 3]);
    const socket = await connect();
    expect(socket.url).toBe('ws://example.test/app/chat/ws');
    expect(socket.frames('hello')).toEqual([
      { type: 'hello', token: 'token-1', last_seqs: [{ conversation_id: CONVERSATION, seq: 3 }] },
    ]);
  });

  it('shows a message delivered twice (push, then resume) once, in seq order', async () => {
    const { hold, connect, shown } = setup();
    hold([1, 2]);
    const socket = await connect();
    socket.push({ type: 'message', message: message(4) });
    socket.push({ type: 'message', message: message(3) });
    socket.push({ type: 'message', message: message(4) });
    socket.push({ type: 'message', message: message(3) });
    expect(shown()).toEqual([1, 2, 3, 4]);
  });

  it('keeps a recalled message recalled when an older copy arrives again', async () => {
    const { hold, connect, client } = setup();
    hold([1]);
    const socket = await connect();
    socket.push({
      type: 'recall',
      message: message(1, { content: { kind: 'recalled' }, recalled_at: '2026-11-25T10:01:00.000Z' }),
    });
    socket.push({ type: 'message', message: message(1) });
    const data = client.getQueryData<HistoryData>(chatKeys.messages(CONVERSATION));
    expect(data?.pages[0]?.list[0]?.content.kind).toBe('recalled');
  });

  it('fills a gap over HTTP from the held seq', async () => {
    const fetchAfter = vi.fn((_id: number, after: number) =>
      Promise.resolve(history(after === 2 ? [3, 4] : [])),
    );
    const { hold, connect, shown } = setup({ fetchAfter });
    hold([1, 2]);
    const socket = await connect();
    socket.push({ type: 'message', message: message(5) });
    await vi.waitFor(() => expect(shown()).toEqual([1, 2, 3, 4, 5]));
    expect(fetchAfter).toHaveBeenCalledWith(CONVERSATION, 2, 200);
  });

  it('reconnects with backoff after a drop and resumes from the last seq it holds', async () => {
    const { hold, connect, sockets, timers, session } = setup();
    hold([1, 2]);
    const first = await connect();
    first.push({ type: 'message', message: message(3) });
    first.drop();
    expect(session.status).toBe('offline');
    const retry = timers.find((timer) => !timer.cancelled && timer.ms === backoffDelay(0, () => 1));
    expect(retry).toBeDefined();
    retry?.work();
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const second = sockets[1] as FakeSocket;
    second.open();
    expect(second.frames('hello')[0]?.last_seqs).toEqual([{ conversation_id: CONVERSATION, seq: 3 }]);
  });

  it('doubles the wait after each failed attempt, up to 30 s', () => {
    const full = () => 1;
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, full))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
    expect(backoffDelay(0, () => 0)).toBe(500);
  });

  it('sends over the socket with a client_msg_id and drops the pending bubble when stored', async () => {
    const { hold, connect, session, shown } = setup();
    hold([1]);
    const socket = await connect();
    const id = session.send(CONVERSATION, { kind: 'text', text: '你好' });
    expect(socket.frames('send')).toEqual([
      {
        type: 'send',
        conversation_id: CONVERSATION,
        client_msg_id: id,
        content: { kind: 'text', text: '你好' },
      },
    ]);
    expect(session.outbox.of(CONVERSATION).map((item) => item.status)).toEqual(['sending']);
    socket.push({
      type: 'sent',
      client_msg_id: id,
      duplicate: false,
      message: message(2, { sender_id: 1, client_msg_id: id }),
    });
    expect(session.outbox.of(CONVERSATION)).toEqual([]);
    expect(shown()).toEqual([1, 2]);
  });

  it('sends over HTTP while the socket is down, with the same client_msg_id on a retry', async () => {
    let fail = true;
    const httpSends: SendMessageRequest[] = [];
    const { hold, session } = setup({
      sendOverHttp: (request) => {
        httpSends.push(request);
        if (fail) return Promise.reject(new Error('network error'));
        return Promise.resolve({
          message: message(2, { sender_id: 1, client_msg_id: request.client_msg_id }),
          duplicate: false,
        });
      },
    });
    hold([1]);
    const id = session.send(CONVERSATION, { kind: 'text', text: '离线发送' });
    await vi.waitFor(() => expect(session.outbox.find(id)?.status).toBe('failed'));
    expect(session.outbox.find(id)?.error).toBe('发送失败，点击重发');
    fail = false;
    session.retry(id);
    await vi.waitFor(() => expect(session.outbox.find(id)).toBeUndefined());
    expect(httpSends.map((request) => request.client_msg_id)).toEqual([id, id]);
  });

  it('goes over HTTP when the socket does not confirm a send in time', async () => {
    const { hold, connect, session, runDue, httpSends } = setup();
    hold([1]);
    await connect();
    const id = session.send(CONVERSATION, { kind: 'text', text: '慢' });
    runDue(SEND_ACK_TIMEOUT_MS);
    await vi.waitFor(() => expect(session.outbox.find(id)).toBeUndefined());
    expect(httpSends.map((request) => request.client_msg_id)).toEqual([id]);
  });

  it('sends again what was still going out when the socket comes back', async () => {
    const { hold, connect, session, sockets, timers } = setup();
    hold([1]);
    const first = await connect();
    const id = session.send(CONVERSATION, { kind: 'text', text: '断线前' });
    first.drop();
    timers
      .filter((timer) => !timer.cancelled && timer.ms !== SEND_ACK_TIMEOUT_MS)
      .forEach((timer) => timer.work());
    await vi.waitFor(() => expect(sockets).toHaveLength(2));
    const second = sockets[1] as FakeSocket;
    second.open();
    second.push({ type: 'ready', user_id: 1, server_time: '2026-11-25T10:00:00.000Z', heads: [] });
    expect(second.frames('send').map((frame) => frame.client_msg_id)).toEqual([id]);
  });

  it('marks a refused send failed with the server’s message', async () => {
    const { hold, connect, session } = setup();
    hold([1]);
    const socket = await connect();
    const id = session.send(CONVERSATION, { kind: 'text', text: '加我微信' });
    socket.push({
      type: 'error',
      err_code: 8005,
      message: '你已将对方拉黑，解除拉黑后才能发送消息',
      client_msg_id: id,
    });
    expect(session.outbox.find(id)).toMatchObject({
      status: 'failed',
      error: '你已将对方拉黑，解除拉黑后才能发送消息',
    });
  });

  it('uploads a picture with progress, then sends its key', async () => {
    const { hold, connect, session } = setup({
      uploadImage: (_file, onProgress) => {
        onProgress(40);
        return Promise.resolve({ ok: true, key: 'chat/photo.png' });
      },
    });
    hold([1]);
    const socket = await connect();
    session.sendImage(CONVERSATION, new File(['x'], 'photo.png', { type: 'image/png' }));
    await vi.waitFor(() => expect(socket.frames('send')).toHaveLength(1));
    expect(socket.frames('send')[0]?.content).toEqual({ kind: 'image', image: 'chat/photo.png' });
  });

  it('reads once per new seq: over the socket when up, over HTTP otherwise', async () => {
    const readOverHttp = vi.fn(() => Promise.resolve({ chat: 0, system: 0, seller_helper: 0, total: 0 }));
    const { hold, connect, session } = setup({ readOverHttp });
    hold([1, 2]);
    session.markRead(CONVERSATION, 2);
    expect(readOverHttp).toHaveBeenCalledWith({ conversation_id: CONVERSATION, seq: 2 });
    const socket = await connect();
    session.markRead(CONVERSATION, 2);
    session.markRead(CONVERSATION, 3);
    expect(socket.frames('read')).toEqual([{ type: 'read', conversation_id: CONVERSATION, seq: 3 }]);
    expect(readOverHttp).toHaveBeenCalledTimes(1);
  });

  it('puts the unread totals the server pushes into the cache', async () => {
    const { connect, client } = setup();
    const socket = await connect();
    socket.push({ type: 'unread', totals: { chat: 3, system: 1, seller_helper: 0, total: 4 } });
    expect(client.getQueryData(chatKeys.msgHome)).toEqual({ chat: 3, system: 1, seller_helper: 0, total: 4 });
  });

  it('refreshes the 消息 list and the unread total once for a burst of messages', async () => {
    const { hold, connect, client, runDue } = setup();
    hold([1]);
    client.setQueryData(chatKeys.msgHome, { chat: 0, system: 0, seller_helper: 0, total: 0 });
    const socket = await connect();
    socket.push({ type: 'message', message: message(2) });
    socket.push({ type: 'message', message: message(3) });
    expect(client.getQueryState(chatKeys.msgHome)?.isInvalidated).toBe(false);
    runDue(300);
    expect(client.getQueryState(chatKeys.msgHome)?.isInvalidated).toBe(true);
  });

  it('stops for good and sends the user to log in when the server ends the session (4401)', async () => {
    const { connect, session, sockets, timers, onSessionEnded } = setup();
    const socket = await connect();
    session.send(CONVERSATION, { kind: 'text', text: '还在吗' });
    expect(session.outbox.of(CONVERSATION)).toHaveLength(1);
    socket.push({ type: 'error', err_code: 401, message: '登录已失效，请重新登录' });
    socket.drop(4401);
    expect(session.status).toBe('idle');
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(session.outbox.of(CONVERSATION)).toEqual([]);
    expect(timers.filter((timer) => !timer.cancelled && timer.ms >= 500 && timer.ms <= 30000)).toEqual([]);
    expect(sockets).toHaveLength(1);
  });

  it('reconnects after any other close, without the login', async () => {
    const { connect, session, timers, onSessionEnded } = setup();
    const socket = await connect();
    socket.drop(4408);
    expect(session.status).toBe('offline');
    expect(onSessionEnded).not.toHaveBeenCalled();
    expect(timers.filter((timer) => !timer.cancelled && timer.ms >= 500 && timer.ms <= 30000)).toHaveLength(
      1,
    );
  });

  it('ignores frames the contract does not describe', async () => {
    const { hold, connect, shown } = setup();
    hold([1]);
    const socket = await connect();
    socket.onmessage?.(new MessageEvent('message', { data: '{"type":"message","message":{"seq":"x"}}' }));
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(shown()).toEqual([1]);
  });
});
