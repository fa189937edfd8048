import { QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  type ChatMessage,
  type Conversation,
  type History,
  type ServerFrame,
} from '@haoshi/contracts';
import { chatKeys } from '@/core/query-keys';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import ChatScreen from './chat-screen';
import { chatSessionFor } from './session/chat-connection';
import { ChatSession, type ChatSessionDeps } from './session/chat-session';
import type { SocketLike } from './session/chat-socket';
import { TYPING_SEND_EVERY_MS, TYPING_SHOW_MS } from './session/live-state';

const ME = 1;
const PEER = 2;
const CONVERSATION = 7;

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 700 + seq,
    conversation_id: CONVERSATION,
    seq,
    sender_id: PEER,
    client_msg_id: null,
    content: { kind: 'text', text: `消息${seq}` },
    flagged: false,
    created_at: new Date(Date.now() - (10 - seq) * 1000).toISOString(),
    recalled_at: null,
    ...overrides,
  };
}

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: { type?: unknown }[] = [];
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as { type?: unknown });
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
  frames(type: string) {
    return this.sent.filter((frame) => frame.type === type);
  }
}

/** A session on a fake socket and a hand-moved clock. */
async function liveSession() {
  const client = new QueryClient();
  const sockets: FakeSocket[] = [];
  const timers: { work: () => void; at: number; cancelled: boolean }[] = [];
  let clock = 1_000_000;
  const deps: ChatSessionDeps = {
    connectInfo: () =>
      Promise.resolve({
        user_id: ME,
        ws_path: '/app/chat/ws',
        token: 'token-1',
        heartbeat_seconds: 25,
        recall_seconds: 120,
        max_frame_bytes: 16384,
      }),
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    schedule: (work, ms) => {
      const timer = { work, at: clock + ms, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    origin: () => 'ws://example.test',
    sendOverHttp: () => Promise.reject(new Error('offline')),
    readOverHttp: () => Promise.resolve({ chat: 0, system: 0, seller_helper: 0, total: 0 }),
    fetchAfter: () => Promise.resolve({ list: [], has_more: false, last_seq: 0, read_seq: 0 }),
    uploadImage: () => Promise.resolve({ ok: true, key: 'chat/a.png' }),
    previewOf: () => 'blob:preview',
    onSessionEnded: () => undefined,
    random: () => 1,
    now: () => clock,
  };
  const session = new ChatSession(client, deps);
  session.start();
  await vi.waitFor(() => expect(sockets.length).toBe(1));
  const socket = sockets[0] as FakeSocket;
  socket.open();
  socket.push({ type: 'ready', user_id: ME, server_time: new Date().toISOString(), heads: [] });
  /** Moves the clock and runs what fell due (the heartbeat's long timers are left alone). */
  const advance = (ms: number) => {
    clock += ms;
    for (const timer of timers.filter((item) => !item.cancelled && item.at <= clock)) {
      timer.cancelled = true;
      timer.work();
    }
  };
  return { client, session, socket, advance };
}

describe('chat session: typing, read marks and notices from the socket', () => {
  it('keeps a typing mark for a few seconds, and drops it when that member’s message arrives', async () => {
    const { session, socket, advance } = await liveSession();
    socket.push({ type: 'typing', conversation_id: CONVERSATION, user_id: PEER });
    expect(session.live.of(CONVERSATION).typing).toEqual([PEER]);
    advance(TYPING_SHOW_MS - 1);
    expect(session.live.of(CONVERSATION).typing).toEqual([PEER]);
    advance(1);
    expect(session.live.of(CONVERSATION).typing).toEqual([]);
    socket.push({ type: 'typing', conversation_id: CONVERSATION, user_id: PEER });
    socket.push({ type: 'message', message: message(4) });
    expect(session.live.of(CONVERSATION).typing).toEqual([]);
    session.stop();
  });

  it('keeps the highest read mark of each member', async () => {
    const { session, socket } = await liveSession();
    socket.push({ type: 'read', conversation_id: CONVERSATION, user_id: PEER, seq: 5 });
    socket.push({ type: 'read', conversation_id: CONVERSATION, user_id: PEER, seq: 3 });
    expect(session.live.of(CONVERSATION).reads.get(PEER)).toBe(5);
    session.stop();
  });

  it('sends typing at most once every 3 s per conversation', async () => {
    const { session, socket, advance } = await liveSession();
    session.typing(CONVERSATION);
    session.typing(CONVERSATION);
    advance(TYPING_SEND_EVERY_MS - 1);
    session.typing(CONVERSATION);
    expect(socket.frames('typing')).toEqual([{ type: 'typing', conversation_id: CONVERSATION }]);
    advance(1);
    session.typing(CONVERSATION);
    session.typing(8);
    expect(socket.frames('typing')).toHaveLength(3);
    session.stop();
  });

  it('refreshes the notice channel, the 消息 list and the totals when a notice arrives', async () => {
    const { client, session, socket } = await liveSession();
    const stale = { list: [], has_more: false };
    client.setQueryData(chatKeys.notices('seller_helper'), { pages: [stale], pageParams: [null] });
    client.setQueryData(chatKeys.notices('system'), { pages: [stale], pageParams: [null] });
    client.setQueryData(chatKeys.msgHome, { chat: 0, system: 0, seller_helper: 0, total: 0 });
    socket.push({
      type: 'notice',
      notice: {
        id: 9,
        channel: 'seller_helper',
        kind: 'order',
        title: '买家已付款',
        body: '请尽快发货',
        link: '',
        read: false,
        created_at: new Date().toISOString(),
      },
    });
    expect(client.getQueryState(chatKeys.notices('seller_helper'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(chatKeys.notices('system'))?.isInvalidated).toBe(false);
    expect(client.getQueryState(chatKeys.msgHome)?.isInvalidated).toBe(true);
    socket.push({ type: 'unread', totals: { chat: 0, system: 0, seller_helper: 1, total: 1 } });
    expect(client.getQueryData(chatKeys.msgHome)).toEqual({ chat: 0, system: 0, seller_helper: 1, total: 1 });
    session.stop();
  });
});

describe('/chat: 已读/未读 and 对方正在输入…', () => {
  const fake = setupFakeApi();
  afterEach(() => {
    cleanup();
    clearAuthorization();
  });
  beforeEach(() => {
    setAuthorization('token-1');
    // The socket never connects here: the frames' effect is driven through the session's live state.
    fake.on(apiPaths.userIm, () => reply.pending());
    fake.on(apiPaths.currentUser, () => ({
      id: ME,
      phone_masked: '139****0001',
      nickname: '买家小王',
      avatar: '',
      roles: [],
      created_at: '2026-11-01T00:00:00.000Z',
    }));
    fake.on(apiPaths.userMsgHome, () => ({ chat: 0, system: 0, seller_helper: 0, total: 0 }));
    fake.on(apiPaths.chatRead, () => ({ chat: 0, system: 0, seller_helper: 0, total: 0 }));
  });

  function serve(overrides: Partial<Conversation>, list: ChatMessage[]) {
    const conversation: Conversation = {
      id: CONVERSATION,
      type: 'private',
      status: 'open',
      title: '卖家老李',
      avatar: '',
      peer: { user_id: PEER, nickname: '卖家老李', avatar: '', staff: false },
      members: [],
      goods_id: null,
      order_id: null,
      last_message: list.at(-1) ?? null,
      last_seq: list.at(-1)?.seq ?? 0,
      read_seq: list.at(-1)?.seq ?? 0,
      peer_read_seq: 0,
      unread: 0,
      muted: false,
      blocked: false,
      updated_at: new Date().toISOString(),
      ...overrides,
    };
    const history: History = { list, has_more: false, last_seq: conversation.last_seq, read_seq: 0 };
    fake.on(apiPaths.chatConversation, () => ({ conversation }));
    fake.on(apiPaths.chatMessages, () => history);
  }

  const receipts = () =>
    screen.getAllByTestId('chat-receipt').map((item) => [item.getAttribute('data-seq'), item.textContent]);

  it('marks the own latest messages read up to the other user’s mark, and follows read frames', async () => {
    serve({ peer_read_seq: 3 }, [
      message(1, { sender_id: ME, content: { kind: 'text', text: '在吗' } }),
      message(2),
      message(3, { sender_id: ME, content: { kind: 'text', text: '这个号还在吗' } }),
      message(4, { sender_id: ME, content: { kind: 'text', text: '能便宜点吗' } }),
    ]);
    const { client } = renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(4));
    // Only the own messages after the other user's last one carry a receipt.
    expect(receipts()).toEqual([
      ['3', '已读'],
      ['4', '未读'],
    ]);
    act(() => chatSessionFor(client).live.read(CONVERSATION, PEER, 4));
    expect(receipts()).toEqual([
      ['3', '已读'],
      ['4', '已读'],
    ]);
    chatSessionFor(client).stop();
  });

  it('shows no receipts in a group', async () => {
    serve({ type: 'group', peer: null, peer_read_seq: null, title: '订单群聊' }, [
      message(1, { sender_id: ME }),
    ]);
    const { client } = renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(1));
    expect(screen.queryByTestId('chat-receipt')).toBeNull();
    chatSessionFor(client).stop();
  });

  it('shows 对方正在输入… after a typing frame of the other user, and asks to send typing while writing', async () => {
    serve({}, [message(1)]);
    const { client } = renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(1));
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    const session = chatSessionFor(client);
    act(() => session.live.typing(CONVERSATION, PEER));
    expect(screen.getByTestId('chat-typing').textContent).toBe('对方正在输入…');
    act(() => session.live.stopTyping(CONVERSATION, PEER));
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    const typing = vi.spyOn(session, 'typing');
    const field = screen.getByRole('textbox', { name: '输入消息' });
    fireEvent.change(field, { target: { value: '你' } });
    fireEvent.change(field, { target: { value: '' } });
    expect(typing).toHaveBeenCalledTimes(1);
    expect(typing).toHaveBeenCalledWith(CONVERSATION);
    session.stop();
  });

  it('gives a picture its proportions before it loads', async () => {
    serve({}, [
      message(1, { content: { kind: 'image', url: '/uploads/chat/a.png', width: 800, height: 400 } }),
    ]);
    const { client } = renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    const box = await screen.findByTestId('chat-image-box');
    expect(box.style.aspectRatio).toBe('160 / 80');
    expect(box.style.width).toBe(`${160 / 37.5}rem`);
    chatSessionFor(client).stop();
  });
});
