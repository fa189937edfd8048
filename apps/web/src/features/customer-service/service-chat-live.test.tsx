import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  customerServicePaths,
  ErrorCodes,
  type ChatMessage,
  type ClientFrame,
  type ServerFrame,
  type ServiceQueue,
  type ServiceSession,
  type User,
} from '@haoshi/contracts';
import { provideChatLink, type ChatLink } from '@/core/chat-link';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import ServiceChatScreen from './service-chat-screen';
import StaffQueueScreen from './staff-queue-screen';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));

/** The tab's chat socket as the core link shows it, driven by the test. */
class FakeLink implements ChatLink {
  up = true;
  started = 0;
  written: ClientFrame[] = [];
  private frames = new Set<(frame: ServerFrame) => void>();
  private statuses = new Set<() => void>();
  start() {
    this.started += 1;
  }
  connected() {
    return this.up;
  }
  subscribeStatus = (listener: () => void) => {
    this.statuses.add(listener);
    return () => this.statuses.delete(listener);
  };
  subscribeFrames = (listener: (frame: ServerFrame) => void) => {
    this.frames.add(listener);
    return () => this.frames.delete(listener);
  };
  sendFrame(frame: ClientFrame) {
    if (!this.up) return false;
    this.written.push(frame);
    return true;
  }
  get listening() {
    return this.frames.size;
  }
  push(frame: ServerFrame) {
    act(() => this.frames.forEach((listener) => listener(frame)));
  }
  setUp(up: boolean) {
    this.up = up;
    act(() => this.statuses.forEach((listener) => listener()));
  }
}

let link: FakeLink;
beforeEach(() => {
  link = new FakeLink();
  provideChatLink(() => Promise.resolve(link));
  setAuthorization('token-7');
});
afterEach(() => {
  cleanup();
  provideChatLink(undefined);
  clearAuthorization();
});

const me: User = {
  id: 7,
  phone_masked: '139****0001',
  nickname: '号主小王',
  avatar: '',
  roles: [],
  created_at: '2026-01-01T00:00:00Z',
};

const served: ServiceSession = {
  id: 5,
  status: 'assigned',
  status_label: '服务中',
  viewer: 'user',
  question: '提现没到账',
  order: null,
  queue_position: null,
  staff: { id: 3, nickname: '客服小美' },
  user_nickname: '号主小王',
  conversation_id: 9,
  actions: ['close'],
  can_rate: false,
  rating: null,
  created_at: '2026-11-21T02:00:00.000Z',
  assigned_at: '2026-11-21T02:01:00.000Z',
  closed_at: null,
};

const message = (seq: number, senderId: number | null, text: string): ChatMessage => ({
  id: 100 + seq,
  conversation_id: 9,
  seq,
  sender_id: senderId,
  client_msg_id: null,
  content: senderId === null ? { kind: 'notice', text, level: 'info' } : { kind: 'text', text },
  flagged: false,
  created_at: '2026-11-21T02:02:00.000Z',
  recalled_at: null,
});

function serve(sessions: ServiceSession[] = [served]) {
  let asked = 0;
  fake
    .on(apiPaths.currentUser, () => me)
    .on(
      customerServicePaths.session,
      () => sessions[Math.min(asked++, sessions.length - 1)] as ServiceSession,
    )
    .on(apiPaths.chatMessages, () => ({
      list: [message(1, null, '客服小美已接入')],
      has_more: false,
      last_seq: 1,
      read_seq: 0,
    }));
}

const sends = () => link.written.filter((frame) => frame.type === 'send');

const texts = () =>
  screen
    .queryAllByTestId('message')
    .map((row) => row.querySelector('.message-bubble__text')?.textContent ?? '');

describe('/customerServiceChat over the chat socket', () => {
  it('shows the staff member’s messages as they arrive, without asking again over HTTP', async () => {
    serve();
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    expect((await screen.findByTestId('message-notice')).textContent).toBe('客服小美已接入');
    await waitFor(() => expect(link.listening).toBeGreaterThan(0));
    link.push({ type: 'message', message: message(2, 3, '您好，请问提现单号是多少？') });
    link.push({ type: 'message', message: message(2, 3, '您好，请问提现单号是多少？') });
    // Another conversation's message is not this screen's.
    link.push({ type: 'message', message: { ...message(3, 4, '别的会话'), conversation_id: 10 } });
    await waitFor(() => expect(texts()).toEqual(['您好，请问提现单号是多少？']));
    link.push({ type: 'message', message: message(3, 3, '已查到') });
    await waitFor(() => expect(texts()).toEqual(['您好，请问提现单号是多少？', '已查到']));
    // What the user saw is read, once per newer seq.
    await waitFor(() =>
      expect(link.written.filter((frame) => frame.type === 'read')).toEqual([
        { type: 'read', conversation_id: 9, seq: 1 },
        { type: 'read', conversation_id: 9, seq: 2 },
        { type: 'read', conversation_id: 9, seq: 3 },
      ]),
    );
    expect(fake.calls(apiPaths.chatMessages)).toHaveLength(1);
  });

  it('sends over the socket and shows the stored message when `sent` answers', async () => {
    serve();
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    await screen.findByTestId('message-notice');
    await waitFor(() => expect(link.listening).toBeGreaterThan(0));
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息…' }), { target: { value: '提现三天了' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(sends()).toHaveLength(1));
    const frame = sends()[0] as Extract<ClientFrame, { type: 'send' }>;
    expect(frame).toMatchObject({
      type: 'send',
      conversation_id: 9,
      content: { kind: 'text', text: '提现三天了' },
    });
    link.push({
      type: 'sent',
      client_msg_id: frame.client_msg_id,
      message: { ...message(2, 7, '提现三天了'), client_msg_id: frame.client_msg_id },
      duplicate: false,
    });
    await waitFor(() => expect(texts()).toEqual(['提现三天了']));
    expect(fake.calls(apiPaths.chatSend)).toHaveLength(0);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '输入消息…' }).value).toBe('');
  });

  it('shows the refusal of a send over the socket', async () => {
    serve();
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    await screen.findByTestId('message-notice');
    await waitFor(() => expect(link.listening).toBeGreaterThan(0));
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息…' }), { target: { value: '还在吗' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(sends()).toHaveLength(1));
    const frame = sends()[0] as Extract<ClientFrame, { type: 'send' }>;
    link.push({
      type: 'error',
      err_code: ErrorCodes.CHAT_CONVERSATION_CLOSED,
      message: '会话已结束',
      client_msg_id: frame.client_msg_id,
    });
    expect(await screen.findByText('会话已结束')).toBeTruthy();
    expect(fake.calls(apiPaths.chatSend)).toHaveLength(0);
  });

  it('refreshes the session when a platform line arrives (the staff closed it)', async () => {
    serve([served, { ...served, status: 'closed', status_label: '已结束', actions: [], can_rate: true }]);
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    await screen.findByTestId('message-notice');
    await waitFor(() => expect(link.listening).toBeGreaterThan(0));
    expect(fake.calls(customerServicePaths.session)).toHaveLength(1);
    link.push({ type: 'message', message: message(2, null, '客服已结束本次会话') });
    expect(await screen.findByRole('button', { name: '评价本次服务' })).toBeTruthy();
    expect(fake.calls(customerServicePaths.session)).toHaveLength(2);
  });

  it('sends over HTTP while the socket is down', async () => {
    serve();
    fake.on(apiPaths.chatSend, ({ body }) => ({
      message: { ...message(2, 7, '网络不好'), client_msg_id: body.client_msg_id },
      duplicate: false,
    }));
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    await screen.findByTestId('message-notice');
    await waitFor(() => expect(link.listening).toBeGreaterThan(0));
    link.setUp(false);
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息…' }), { target: { value: '网络不好' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(fake.calls(apiPaths.chatSend)).toHaveLength(1));
    expect(sends()).toHaveLength(0);
    await waitFor(() => expect(texts()).toEqual(['网络不好']));
  });
});

describe('/customerServiceQueue over the chat socket', () => {
  it('asks for the queue again when a service_queue frame says it changed', async () => {
    const waiting: ServiceQueue = {
      queued: [
        {
          id: 6,
          status: 'queued',
          status_label: '排队中',
          user_nickname: '买家小李',
          question: '账号被找回了',
          order_title: null,
          queue_position: 1,
          created_at: '2026-11-21T02:00:00.000Z',
        },
      ],
      mine: [],
      staff: [],
    };
    let asked = 0;
    fake.on(customerServicePaths.queue, () =>
      asked++ === 0 ? { queued: [], mine: [], staff: [] } : waiting,
    );
    renderScreen('/customerServiceQueue', <StaffQueueScreen />);
    await waitFor(() => expect(link.listening).toBeGreaterThan(0));
    expect(screen.queryByTestId('cs-queue-item-6')).toBeNull();
    link.push({ type: 'service_queue' });
    expect((await screen.findByTestId('cs-queue-item-6')).textContent).toContain('账号被找回了');
    expect(fake.calls(customerServicePaths.queue)).toHaveLength(2);
  });
});
