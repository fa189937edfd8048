import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { disputePaths, ErrorCodes, type DisputeDetail, type DisputeListItem } from '@haoshi/contracts';
import { goodsCard } from '@/core/goods-fixtures.test-support';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import AfterSalesSearchListScreen from './after-sales-search-list-screen';
import OrderRefundScreen from './order-refund-screen';
import { splitAddsUp } from './resolve-panel';

const fake = setupFakeApi();
const ORDER = 'O20261121100000123456';

const detail = (overrides: Partial<DisputeDetail> = {}): DisputeDetail => ({
  order_no: ORDER,
  order_state: 'disputed',
  order_state_label: '售后处理中',
  goods: goodsCard(7, { title: '王者荣耀 V10 全皮肤' }),
  payable: '100.00',
  escrow: '100.00',
  viewer_role: 'buyer',
  state: 'open',
  opened_by: 'buyer',
  reason: 'cannot_login',
  reason_label: '账号无法登录',
  description: '登录提示密码错误',
  images: [],
  created_at: '2026-11-21T02:00:00.000Z',
  messages: [
    {
      id: 1,
      author_role: 'seller',
      content: '密码已重置，请再试',
      images: [],
      created_at: '2026-11-21T03:00:00.000Z',
      mine: false,
    },
  ],
  settlement: null,
  timeline: [],
  ...overrides,
});

afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('/orderRefund', () => {
  it('opens a dispute when the order has none, with one idempotency key per form', async () => {
    setAuthorization('t');
    let opened = false;
    fake
      .on(disputePaths.detail, () => (opened ? detail() : reply.error(ErrorCodes.DISPUTE_NOT_FOUND)))
      .on(disputePaths.open, () => {
        opened = true;
        return detail();
      });
    renderScreen('/orderRefund', <OrderRefundScreen />, { url: `/orderRefund?order_no=${ORDER}` });
    const submit = await screen.findByRole('button', { name: '提交售后申请' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByText('账号无法登录'));
    fireEvent.change(screen.getByPlaceholderText(/请描述遇到的问题/), {
      target: { value: '登录提示密码错误' },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(fake.calls(disputePaths.open)).toHaveLength(1));
    const [call] = fake.calls(disputePaths.open);
    expect(call?.body).toEqual({
      order_no: ORDER,
      reason: 'cannot_login',
      description: '登录提示密码错误',
      images: [],
    });
    expect(call?.config.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByTestId('dispute-view')).toBeTruthy();
    expect(screen.getByText('密码已重置，请再试')).toBeTruthy();
  });

  it('a party sees the thread and can write, but no resolution panel', async () => {
    setAuthorization('t');
    fake.on(disputePaths.detail, () => detail()).on(disputePaths.message, () => detail());
    renderScreen('/orderRefund', <OrderRefundScreen />, { url: `/orderRefund?order_no=${ORDER}` });
    expect(await screen.findByText('登录提示密码错误')).toBeTruthy();
    expect(screen.queryByTestId('resolve-panel')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText(/补充说明/), { target: { value: '还是不行' } });
    fireEvent.click(screen.getByRole('button', { name: '发送留言' }));
    await waitFor(() =>
      expect(fake.calls(disputePaths.message).map((call) => call.body)).toEqual([
        { order_no: ORDER, content: '还是不行', images: [] },
      ]),
    );
  });

  it('customer service splits only with amounts that add up to the escrow', async () => {
    setAuthorization('t');
    fake
      .on(disputePaths.detail, () => detail({ viewer_role: 'customer_service' }))
      .on(disputePaths.resolve, () =>
        detail({
          viewer_role: 'customer_service',
          state: 'resolved',
          order_state: 'split',
          order_state_label: '售后已分账',
          escrow: '0.00',
          settlement: {
            outcome: 'split',
            outcome_label: '按比例分账',
            buyer_amount: '40.00',
            seller_amount: '60.00',
            fee_amount: '3.00',
            reason: '双方各有责任',
            resolved_at: '2026-11-22T02:00:00.000Z',
          },
        }),
      );
    renderScreen('/orderRefund', <OrderRefundScreen />, { url: `/orderRefund?order_no=${ORDER}` });
    const panel = await screen.findByTestId('resolve-panel');
    fireEvent.click(within(panel).getByText('按比例分账'));
    fireEvent.change(within(panel).getByPlaceholderText('退还买家金额'), { target: { value: '40' } });
    fireEvent.change(within(panel).getByPlaceholderText('卖家部分金额'), { target: { value: '50' } });
    fireEvent.change(within(panel).getByPlaceholderText(/双方可见/), { target: { value: '双方各有责任' } });
    const confirmButton = within(panel).getByRole('button', { name: '确认处理' });
    expect(confirmButton.hasAttribute('disabled')).toBe(true);
    expect(within(panel).getByText('两项合计须等于 ¥100.00')).toBeTruthy();
    fireEvent.change(within(panel).getByPlaceholderText('卖家部分金额'), { target: { value: '60' } });
    fireEvent.click(confirmButton);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(fake.calls(disputePaths.resolve).map((call) => call.body)).toEqual([
        {
          order_no: ORDER,
          outcome: 'split',
          reason: '双方各有责任',
          buyer_amount: '40',
          seller_amount: '60',
        },
      ]),
    );
  });

  it('checks split sums to the fen', () => {
    expect(splitAddsUp('100.00', '40.01', '59.99')).toBe(true);
    expect(splitAddsUp('100.00', '40', '59.99')).toBe(false);
    expect(splitAddsUp('100.00', 'x', '100')).toBe(false);
  });
});

const item = (orderNo: string, overrides: Partial<DisputeListItem> = {}): DisputeListItem => ({
  order_no: orderNo,
  goods_title: '原神 满命胡桃',
  payable: '100.00',
  escrow: '100.00',
  state: 'open',
  opened_by: 'buyer',
  reason_label: '账号被找回',
  created_at: '2026-11-21T02:00:00.000Z',
  can_resolve: true,
  ...overrides,
});

describe('/afterSalesSearchList', () => {
  it('lists open disputes and searches by order no', async () => {
    setAuthorization('t');
    fake.on(disputePaths.staffList, ({ query }) => {
      const list = query.q
        ? [item(ORDER)]
        : [item(ORDER), item('O20261121100000999999', { can_resolve: false })];
      return { list, total: list.length, page: 1, page_size: 20 };
    });
    renderScreen('/afterSalesSearchList', <AfterSalesSearchListScreen />, { otherPaths: ['/orderRefund'] });
    expect(await screen.findAllByTestId('dispute-item')).toHaveLength(2);
    expect(screen.getByText('本人订单')).toBeTruthy();
    const search = screen.getByPlaceholderText('输入订单号搜索');
    fireEvent.change(search, { target: { value: ORDER.slice(0, 12) } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.getAllByTestId('dispute-item')).toHaveLength(1));
    expect(fake.calls(disputePaths.staffList).at(-1)?.query.q).toBe(ORDER.slice(0, 12));
    fireEvent.click(screen.getByTestId('dispute-item'));
    expect(await screen.findByTestId('other-route')).toBeTruthy();
  });
});
