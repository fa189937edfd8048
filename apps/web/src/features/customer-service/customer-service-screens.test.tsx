import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  customerServicePaths,
  ErrorCodes,
  type ChatMessage,
  type FaqMain,
  type ServiceSession,
  type User,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { setNavigator } from '@/core/navigation';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import HelpCentreScreen from './help-centre-screen';
import ServiceChatScreen from './service-chat-screen';
import StaffQueueScreen from './staff-queue-screen';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => clearAuthorization());

const faq: FaqMain = {
  categories: [
    { id: 1, name: '担保交易', description: '下单、验号、换绑到确认收货', count: 2 },
    { id: 2, name: '提现到账', description: '提现规则', count: 1 },
  ],
  hot: [{ id: 11, category_id: 1, title: '担保交易的流程是怎样的？', summary: '全程由平台托管资金' }],
  list: [],
  article: null,
};

const me: User = {
  id: 7,
  phone_masked: '139****0001',
  nickname: '号主小王',
  avatar: '',
  roles: [],
  created_at: '2026-01-01T00:00:00Z',
};

const session = (patch: Partial<ServiceSession> = {}): ServiceSession => ({
  id: 5,
  status: 'queued',
  status_label: '排队中',
  viewer: 'user',
  question: '提现没到账',
  order: null,
  queue_position: 3,
  staff: null,
  user_nickname: '号主小王',
  conversation_id: 9,
  actions: ['leave'],
  can_rate: false,
  rating: null,
  created_at: '2026-11-21T02:00:00.000Z',
  assigned_at: null,
  closed_at: null,
  ...patch,
});

const message = (seq: number, senderId: number | null, text: string): ChatMessage => ({
  id: seq,
  conversation_id: 9,
  seq,
  sender_id: senderId,
  client_msg_id: null,
  content: senderId === null ? { kind: 'notice', text, level: 'info' } : { kind: 'text', text },
  flagged: false,
  created_at: '2026-11-21T02:00:00.000Z',
  recalled_at: null,
});

const history = (list: ChatMessage[]) => ({ list, has_more: false, last_seq: list.length, read_seq: 0 });

describe('/customerService', () => {
  it('shows categories and hot questions, opens a category and an article', async () => {
    fake.on(customerServicePaths.faq, ({ query }) => {
      if (query.id) {
        return {
          ...faq,
          article: {
            ...faq.hot[0]!,
            category_name: '担保交易',
            content: '第一段\n\n第二段',
            views: 3,
            related: [],
          },
        };
      }
      return query.category_id ? { ...faq, list: faq.hot } : faq;
    });
    renderScreen('/customerService', <HelpCentreScreen />);
    expect(await screen.findByRole('heading', { name: '热门问题' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /担保交易/ }));
    await waitFor(() => expect(fake.calls(customerServicePaths.faq).at(-1)?.query.category_id).toBe(1));
    fireEvent.click(await screen.findByText('担保交易的流程是怎样的？'));
    const article = await screen.findByTestId('faq-article');
    expect(article.textContent).toContain('第二段');
  });

  it('says what to do when a search finds nothing, and sends a guest to log in for a human', async () => {
    fake.on(customerServicePaths.faq, ({ query }) => (query.keyword ? { ...faq, list: [] } : faq));
    const { router } = renderScreen('/customerService', <HelpCentreScreen />, {
      url: '/customerService?keyword=退款',
      otherPaths: ['/h5Login'],
    });
    const unregister = setNavigator((to) => void router.navigate(to));
    const empty = await screen.findByTestId('faq-empty');
    expect(empty.textContent).toContain('没有找到相关问题');
    fireEvent.click(within(empty).getByRole('button', { name: '联系人工客服' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/h5Login');
    unregister();
  });

  it('asks for a human about an order and opens the session', async () => {
    setAuthorization('token-7');
    fake
      .on(customerServicePaths.faq, () => faq)
      .on(customerServicePaths.orders, () => ({
        list: [
          {
            id: 31,
            order_no: 'HS2026',
            title: '王者荣耀 V8 全皮肤',
            cover: '',
            game_name: '王者荣耀',
            price: '888.00',
            state: 'paid',
            state_label: '已付款',
            role: 'buyer' as const,
            created_at: '2026-11-20T02:00:00.000Z',
          },
        ],
        total: 1,
        page: 1,
        page_size: 50,
      }))
      .on(customerServicePaths.main, () => session());
    renderScreen('/customerService', <HelpCentreScreen />, { otherPaths: ['/customerServiceChat'] });
    fireEvent.click(await screen.findByRole('button', { name: '联系人工客服' }));
    const sheet = await screen.findByRole('dialog', { name: '选择要咨询的订单' });
    fireEvent.click(await within(sheet).findByText('王者荣耀 V8 全皮肤'));
    fireEvent.change(within(sheet).getByRole('textbox', { name: '问题描述' }), {
      target: { value: ' 卖家不发货 ' },
    });
    fireEvent.click(within(sheet).getByRole('button', { name: '转人工客服' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/customerServiceChat');
    expect(fake.calls(customerServicePaths.main)[0]?.body).toEqual({ order_id: 31, question: '卖家不发货' });
  });
});

describe('/customerServiceChat', () => {
  it('shows the queue position, the messages, and sends a text once per client id', async () => {
    setAuthorization('token-7');
    fake
      .on(apiPaths.currentUser, () => me)
      .on(customerServicePaths.session, () => session())
      .on(apiPaths.chatMessages, () =>
        history([message(1, null, '已为您转接人工客服'), message(2, 7, '在吗')]),
      )
      .on(apiPaths.chatSend, ({ body }) => ({
        message: { ...message(3, 7, '提现三天了'), client_msg_id: body.client_msg_id },
        duplicate: false,
      }));
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    expect((await screen.findByTestId('cs-status')).textContent).toContain('排队中，您前面还有2位');
    expect(screen.getByRole('button', { name: '取消排队' })).toBeTruthy();
    expect((await screen.findByTestId('message-notice')).textContent).toBe('已为您转接人工客服');
    fireEvent.change(screen.getByRole('textbox', { name: '输入消息…' }), { target: { value: '提现三天了' } });
    fireEvent.click(screen.getByRole('button', { name: '发送' }));
    await waitFor(() => expect(fake.calls(apiPaths.chatSend)).toHaveLength(1));
    const sent = fake.calls(apiPaths.chatSend)[0]?.body;
    expect(sent).toMatchObject({ conversation_id: 9, content: { kind: 'text', text: '提现三天了' } });
    expect(sent?.client_msg_id).toMatch(/^cs-/);
  });

  it('lets the user rate a closed session once', async () => {
    setAuthorization('token-7');
    const closed = session({
      status: 'closed',
      status_label: '已结束',
      queue_position: null,
      staff: { id: 3, nickname: '客服小美' },
      actions: [],
      can_rate: true,
    });
    fake
      .on(apiPaths.currentUser, () => me)
      .on(customerServicePaths.session, () => closed)
      .on(apiPaths.chatMessages, () => history([message(1, 3, '您好，已为您处理')]))
      .on(customerServicePaths.comment, ({ body }) => ({
        id: 1,
        session_id: body.session_id,
        score: body.score,
        tags: body.tags ?? [],
        content: body.content ?? '',
        resolved: body.resolved ?? false,
        staff: { id: 3, nickname: '客服小美' },
        reply: '',
        created_at: '2026-11-21T02:00:00.000Z',
      }));
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=5' });
    expect((await screen.findByTestId('cs-status')).textContent).toContain('会话已结束');
    expect(screen.queryByRole('textbox', { name: '输入消息…' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '评价本次服务' }));
    const sheet = await screen.findByRole('dialog', { name: '评价本次服务' });
    fireEvent.click(within(sheet).getByText('态度友好'));
    fireEvent.click(within(sheet).getByRole('button', { name: '提交评价' }));
    await waitFor(() => expect(fake.calls(customerServicePaths.comment)).toHaveLength(1));
    expect(fake.calls(customerServicePaths.comment)[0]?.body).toEqual({
      session_id: 5,
      score: 5,
      tags: ['态度友好'],
      content: '',
      resolved: true,
    });
  });

  it('says so when the session is not the caller’s', async () => {
    setAuthorization('token-7');
    fake
      .on(apiPaths.currentUser, () => me)
      .on(customerServicePaths.session, () => reply.error(ErrorCodes.SERVICE_SESSION_NOT_FOUND));
    renderScreen('/customerServiceChat', <ServiceChatScreen />, { url: '/customerServiceChat?id=99' });
    expect(await screen.findByText('会话不存在或已被删除')).toBeTruthy();
    expect(fake.calls(apiPaths.chatMessages)).toHaveLength(0);
  });
});

describe('/customerServiceQueue', () => {
  it('tells a user without the role that it is for staff', async () => {
    fake.on(customerServicePaths.queue, () => reply.error(ErrorCodes.SERVICE_STAFF_ONLY));
    renderScreen('/customerServiceQueue', <StaffQueueScreen />);
    expect(await screen.findByText('仅客服人员可以使用工作台')).toBeTruthy();
  });

  it('lists the queue and takes a session', async () => {
    fake
      .on(customerServicePaths.queue, () => ({
        queued: [
          {
            id: 5,
            status: 'queued' as const,
            status_label: '排队中',
            user_nickname: '号主小王',
            question: '提现没到账',
            order_title: null,
            queue_position: 1,
            created_at: '2026-11-21T02:00:00.000Z',
          },
        ],
        mine: [],
        staff: [],
      }))
      .on(customerServicePaths.take, () =>
        session({ status: 'assigned', viewer: 'staff', actions: ['transfer', 'close'] }),
      );
    renderScreen('/customerServiceQueue', <StaffQueueScreen />, { otherPaths: ['/customerServiceChat'] });
    const item = await screen.findByTestId('cs-queue-item-5');
    expect(item.textContent).toContain('提现没到账');
    fireEvent.click(within(item).getByRole('button', { name: '接入' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/customerServiceChat');
    expect(fake.calls(customerServicePaths.take)[0]?.body).toEqual({ id: 5 });
  });
});
