import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  apiPaths,
  bargainPaths,
  orderPaths,
  type Bargain,
  type ChatMessage,
  type ChatNotice,
  type Conversation,
  type History,
  type OrderListItem,
} from '@haoshi/contracts';
import { goodsCard } from '@/core/goods-fixtures.test-support';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import ChatScreen from './chat-screen';
import ConversationListScreen from './conversation-list-screen';
import SellerHelperScreen from './seller-helper-screen';
import SystemInformScreen from './system-inform-screen';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  cleanup();
  clearAuthorization();
});

const ME = 1;
const PEER = 2;

const me = {
  id: ME,
  phone_masked: '139****0001',
  nickname: '买家小王',
  avatar: '',
  roles: [],
  created_at: '2026-11-01T00:00:00.000Z',
};

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: 500 + seq,
    conversation_id: 7,
    seq,
    sender_id: PEER,
    client_msg_id: null,
    content: { kind: 'text', text: `消息${seq}` },
    flagged: false,
    created_at: new Date(Date.now() - (10 - seq) * 60_000).toISOString(),
    recalled_at: null,
    ...overrides,
  };
}

function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 7,
    type: 'private',
    status: 'open',
    title: '卖家老李',
    avatar: '',
    peer: { user_id: PEER, nickname: '卖家老李', avatar: '', staff: false },
    members: [],
    goods_id: null,
    order_id: null,
    last_message: message(3),
    last_seq: 3,
    read_seq: 1,
    peer_read_seq: 0,
    unread: 2,
    muted: false,
    blocked: false,
    updated_at: new Date().toISOString(),
    ...overrides,
  };
}

const page = (list: ChatMessage[], hasMore = false): History => ({
  list,
  has_more: hasMore,
  last_seq: list.at(-1)?.seq ?? 0,
  read_seq: 0,
});

function notice(id: number, overrides: Partial<ChatNotice> = {}): ChatNotice {
  return {
    id,
    channel: 'system',
    kind: 'order',
    title: `订单通知${id}`,
    body: '买家已付款，请尽快交付账号',
    link: '/order_detail?order_no=O2026112500001',
    read: false,
    created_at: '2026-11-25T02:00:00.000Z',
    ...overrides,
  };
}

/** The socket never connects in these tests: the screens work over HTTP, as when it is down. */
function serveBasics() {
  fake.on(apiPaths.userIm, () => reply.pending());
  fake.on(apiPaths.currentUser, () => me);
  fake.on(apiPaths.userMsgHome, () => ({ chat: 2, system: 1, seller_helper: 0, total: 3 }));
}

beforeEach(() => {
  setAuthorization('token-1');
  serveBasics();
});

describe('/conversationList', () => {
  it('pins the notice channels above the conversations, with previews and unread counts', async () => {
    fake.on(apiPaths.chatConversations, () => ({
      pinned: [
        { channel: 'system' as const, title: '系统通知', last_notice: notice(3), unread: 1 },
        { channel: 'seller_helper' as const, title: '卖家助手', last_notice: null, unread: 0 },
      ],
      list: [
        conversation(),
        conversation({
          id: 8,
          unread: 0,
          last_message: message(1, {
            conversation_id: 8,
            content: { kind: 'image', url: '/u/a.png', width: 10, height: 10 },
          }),
        }),
      ],
      next_before: null,
    }));
    renderScreen('/conversationList', <ConversationListScreen />, {
      otherPaths: ['/chat', '/chatSystemInform'],
    });
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('conversation-preview').textContent).toBe('消息3');
    expect(within(rows[0] as HTMLElement).getByTestId('unread-count').textContent).toBe('2');
    expect(within(rows[1] as HTMLElement).getByTestId('conversation-preview').textContent).toBe('[图片]');
    expect(within(rows[1] as HTMLElement).queryByTestId('unread-count')).toBeNull();
    const system = screen.getByTestId('pinned-system');
    expect(system.textContent).toContain('订单通知3');
    expect(system.getAttribute('href')).toBe('/chatSystemInform');
    expect(screen.getByTestId('pinned-seller_helper').textContent).toContain('暂无新通知');
    fireEvent.click(rows[0] as HTMLElement);
    expect((await screen.findByTestId('other-route')).textContent).toBe('/chat');
  });

  it('says what to do when there is no conversation yet', async () => {
    fake.on(apiPaths.chatConversations, () => ({ pinned: [], list: [], next_before: null }));
    renderScreen('/conversationList', <ConversationListScreen />);
    expect(await screen.findByTestId('conversations-empty')).toBeTruthy();
    expect(screen.getByText('暂无消息')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去逛逛' })).toBeTruthy();
  });

  it('offers a retry when the list cannot load', async () => {
    fake.on(apiPaths.chatConversations, () => reply.network());
    renderScreen('/conversationList', <ConversationListScreen />);
    expect(await screen.findByTestId('conversations-error')).toBeTruthy();
  });
});

describe('/chat', () => {
  function serveConversation(history: ChatMessage[], overrides: Partial<Conversation> = {}) {
    fake.on(apiPaths.chatConversation, () => ({ conversation: conversation(overrides) }));
    fake.on(apiPaths.chatMessages, () => page(history));
    fake.on(apiPaths.chatRead, () => ({ chat: 0, system: 1, seller_helper: 0, total: 1 }));
  }

  it('shows the history, sends over HTTP while the socket is down and shows the message once', async () => {
    serveConversation([
      message(1),
      message(2, { sender_id: ME, content: { kind: 'text', text: '我的消息' } }),
    ]);
    fake.on('POST', apiPaths.chatSend, ({ body }) => ({
      message: message(3, {
        sender_id: ME,
        client_msg_id: body.client_msg_id,
        content: { kind: 'text', text: '还在吗' },
      }),
      duplicate: false,
    }));
    renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    expect((await screen.findByTestId('chat-peer')).textContent).toBe('卖家老李');
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(2));
    const field = screen.getByRole('textbox', { name: '输入消息' });
    field.focus();
    fireEvent.change(field, { target: { value: '还在吗' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(screen.getAllByTestId('chat-message')).toHaveLength(3));
    expect(screen.queryByTestId('chat-pending')).toBeNull();
    expect(screen.getAllByTestId('chat-message').at(-1)?.textContent).toBe('还在吗');
    expect((field as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(field);
    const sent = fake.calls(apiPaths.chatSend, 'POST')[0]?.body as { client_msg_id: string };
    expect(sent.client_msg_id).toMatch(/^[0-9a-f]{32}$/);
    // What is on screen is read.
    await waitFor(() => expect(fake.calls(apiPaths.chatRead, 'POST').length).toBeGreaterThan(0));
  });

  it('marks a send that could not go failed, and 重发 sends it again with the same client_msg_id', async () => {
    serveConversation([message(1)]);
    fake.on('POST', apiPaths.chatSend, () => reply.network());
    renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    const field = await screen.findByRole('textbox', { name: '输入消息' });
    fireEvent.change(field, { target: { value: '离线的消息' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    const pending = await screen.findByTestId('chat-pending');
    await waitFor(() => expect(pending.getAttribute('data-status')).toBe('failed'));
    expect(within(pending).getByRole('alert').textContent).toBe('发送失败，点击重发');
    fake.on('POST', apiPaths.chatSend, ({ body }) => ({
      message: message(2, {
        sender_id: ME,
        client_msg_id: body.client_msg_id,
        content: { kind: 'text', text: '离线的消息' },
      }),
      duplicate: false,
    }));
    fireEvent.click(within(pending).getByRole('button', { name: '重发' }));
    await waitFor(() => expect(screen.queryByTestId('chat-pending')).toBeNull());
    const ids = fake
      .calls(apiPaths.chatSend, 'POST')
      .map((call) => (call.body as { client_msg_id: string }).client_msg_id);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('warns when the other side’s message was flagged, and shows cards that open their screens', async () => {
    serveConversation([
      message(1, {
        content: {
          kind: 'goods',
          card: {
            goods_id: 42,
            title: '王者荣耀 V10',
            price: '300.00',
            image: '',
            link: '/goodsDetail?goods_id=42',
          },
        },
      }),
      message(2, { flagged: true, content: { kind: 'text', text: '加我微信 wx123 私下交易' } }),
    ]);
    renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    expect((await screen.findByTestId('chat-fraud-warning')).textContent).toContain('谨防诈骗');
    expect(screen.getByTestId('chat-goods-card').getAttribute('href')).toBe('/goodsDetail?goods_id=42');
  });

  it('does not warn about one’s own flagged message', async () => {
    serveConversation([
      message(1, { sender_id: ME, flagged: true, content: { kind: 'text', text: '我的电话 13800000000' } }),
    ]);
    renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-fraud-warning')).toBeNull();
  });

  it('opens the private chat with a seller from a listing and sends the listing card', async () => {
    serveConversation([]);
    const stored: ChatMessage[] = [];
    fake.on(apiPaths.chatMessages, () => page(stored));
    fake.on('POST', apiPaths.chatOpenPrivate, () => ({
      conversation: conversation({ goods_id: 42, last_message: null }),
    }));
    fake.on('POST', apiPaths.chatSend, ({ body }) => {
      const card = message(1, {
        sender_id: ME,
        client_msg_id: body.client_msg_id,
        content: {
          kind: 'goods',
          card: {
            goods_id: 42,
            title: '王者荣耀 V10',
            price: '300.00',
            image: '',
            link: '/goodsDetail?goods_id=42',
          },
        },
      });
      stored.push(card);
      return { message: card, duplicate: false };
    });
    const { router } = renderScreen('/chat', <ChatScreen />, { url: '/chat?target_id=2&goods_id=42' });
    await waitFor(() => expect(router.state.location.search).toBe('?conversation_id=7'));
    expect(fake.calls(apiPaths.chatOpenPrivate, 'POST')[0]?.body).toEqual({ user_id: 2, goods_id: 42 });
    await waitFor(() =>
      expect(fake.calls(apiPaths.chatSend, 'POST')[0]?.body).toMatchObject({
        conversation_id: 7,
        content: { kind: 'goods', goods_id: 42 },
      }),
    );
    expect(await screen.findByTestId('chat-goods-card')).toBeTruthy();
  });

  it('says why a chat cannot open (with oneself)', async () => {
    fake.on('POST', apiPaths.chatOpenPrivate, () => reply.error(8007));
    renderScreen('/chat', <ChatScreen />, { url: '/chat?target_id=1' });
    expect((await screen.findByTestId('chat-open-error')).textContent).toContain('不能和自己聊天');
  });

  it('shows the blocked bar instead of the composer, and 解除拉黑 unblocks', async () => {
    serveConversation([message(1)], { blocked: true });
    fake.on('POST', apiPaths.chatUnblock, () => ({ ok: true }));
    fake.on(apiPaths.chatConversations, () => ({ pinned: [], list: [], next_before: null }));
    renderScreen('/chat', <ChatScreen />, { url: '/chat?conversation_id=7' });
    fireEvent.click(await screen.findByRole('button', { name: '解除拉黑' }));
    expect(await screen.findByRole('textbox', { name: '输入消息' })).toBeTruthy();
    expect(fake.calls(apiPaths.chatUnblock, 'POST')[0]?.body).toEqual({ user_id: PEER });
  });
});

describe('/chatSystemInform', () => {
  it('lists the notices and marks the channel read', async () => {
    fake.on(apiPaths.chatNotices, () => ({ list: [notice(5), notice(4, { read: true })], has_more: false }));
    fake.on('POST', apiPaths.chatNoticesRead, () => ({ chat: 0, system: 0, seller_helper: 0, total: 0 }));
    fake.on(apiPaths.chatConversations, () => ({ pinned: [], list: [], next_before: null }));
    renderScreen('/chatSystemInform', <SystemInformScreen />);
    expect(await screen.findAllByTestId('notice-card')).toHaveLength(2);
    await waitFor(() =>
      expect(fake.calls(apiPaths.chatNoticesRead, 'POST')[0]?.body).toEqual({
        channel: 'system',
        up_to_id: 5,
      }),
    );
    expect(screen.getAllByRole('link', { name: '查看详情' })[0]?.getAttribute('href')).toBe(
      '/order_detail?order_no=O2026112500001',
    );
  });

  it('says what it will show when empty', async () => {
    fake.on(apiPaths.chatNotices, () => ({ list: [], has_more: false }));
    renderScreen('/chatSystemInform', <SystemInformScreen />);
    expect(await screen.findByTestId('notices-empty')).toBeTruthy();
  });
});

describe('/chatSellerHelper', () => {
  it('lists the offers to answer and the orders to hand over', async () => {
    const order: OrderListItem = {
      order_no: 'O2026112500009',
      state: 'paid',
      state_label: '待交付',
      goods: goodsCard(42, { title: '原神 满命号' }),
      payable: '500.00',
      created_at: '2026-11-25T02:00:00.000Z',
      role: 'seller',
      deadlines: { pay_by: null, deliver_by: null, release_at: null },
      actions: [],
    };
    const offer: Bargain = {
      id: 3,
      goods: {
        id: 42,
        title: '王者荣耀 V10',
        cover: '',
        game_name: '王者荣耀',
        platform: 'android',
        partition_name: '微信区',
        price: '300.00',
        status: 'on_sale',
      },
      role: 'seller',
      status: 'offered',
      status_label: '待卖家回复',
      list_price: '300.00',
      offer_price: '220.00',
      counter_price: null,
      agreed_price: null,
      rounds_left: 2,
      counterparty: '小明',
      deadline: null,
      created_at: '2026-11-25T02:00:00.000Z',
      updated_at: '2026-11-25T02:00:00.000Z',
    };
    fake.on(bargainPaths.sellerList, () => ({
      list: [offer],
      total: 1,
      page: 1,
      page_size: 20,
    }));
    fake.on(orderPaths.list, () => ({
      list: [order],
      total: 1,
      page: 1,
      page_size: 20,
      counts: { all: 1, pending_payment: 0, in_progress: 1, completed: 0, closed: 0, after_sales: 0 },
    }));
    fake.on(apiPaths.chatNotices, () => ({ list: [], has_more: false }));
    renderScreen('/chatSellerHelper', <SellerHelperScreen />);
    const offers = await screen.findByTestId('helper-offers');
    expect(await within(offers).findByText('小明 出价 ¥220.00')).toBeTruthy();
    expect(within(offers).getByRole('link').getAttribute('href')).toBe('/goodsBargainList?bargain_id=3');
    const deliveries = screen.getByTestId('helper-deliveries');
    expect(await within(deliveries).findByText('原神 满命号')).toBeTruthy();
    expect(within(deliveries).getByRole('link').getAttribute('href')).toBe(
      '/order_detail?order_no=O2026112500009',
    );
    expect(within(screen.getByTestId('helper-reminders')).getByText('暂无提醒')).toBeTruthy();
    expect(fake.calls(orderPaths.list)[0]?.query).toMatchObject({ side: 'sell', tab: 'in_progress' });
  });
});
