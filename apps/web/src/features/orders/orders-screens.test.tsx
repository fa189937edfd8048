import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  orderHandoverPaths,
  type OrderHandover,
  orderPaths,
  orderTabs,
  type OrderDetail,
  type OrderGuarantee,
  type OrderList,
  type OrderQuoteData,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { goodsCard } from '@/core/goods-fixtures.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import OrderDetailScreen from './order-detail-screen';
import OrderListScreen from './order-list-screen';

const fake = setupFakeApi();

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  cleanup();
  clearAuthorization();
});

const quote = (overrides: Partial<OrderQuoteData> = {}): OrderQuoteData => ({
  price: '100.00',
  guarantee_code: null,
  guarantee_fee: '0.00',
  discount: '0.00',
  trade_fee: '5.00',
  trade_fee_paid_by_seller: true,
  payable: '100.00',
  seller_income: '95.00',
  ...overrides,
});

function guaranteeAnswer(
  code: 'basic' | 'extended' | undefined,
  couponId: number | undefined,
): OrderGuarantee {
  const fee = code === 'basic' ? '3.00' : code === 'extended' ? '5.00' : '0.00';
  const discount = couponId ? '10.00' : '0.00';
  const payable = (100 + Number(fee) - Number(discount)).toFixed(2);
  return {
    goods: goodsCard(7, { title: '王者荣耀 满皮肤号' }),
    can_order: true,
    reason: '',
    options: [
      { code: 'basic', name: '基础包赔', description: '', fee: '3.00', protection_days: 90 },
      { code: 'extended', name: '一年包赔', description: '', fee: '5.00', protection_days: 365 },
    ],
    coupons: [
      {
        id: 31,
        name: '下单立减',
        amount_off: '10.00',
        threshold: '0.00',
        valid_until: '2026-12-01T00:00:00.000Z',
        usable: true,
        reason: '',
      },
      {
        id: 32,
        name: '原神专享',
        amount_off: '20.00',
        threshold: '0.00',
        valid_until: '2026-12-01T00:00:00.000Z',
        usable: false,
        reason: '该优惠券不适用于此游戏',
      },
    ],
    quote: quote({ guarantee_code: code ?? null, guarantee_fee: fee, discount, payable }),
    balance: '500.00',
    pay_seconds: 900,
  };
}

const order = (overrides: Partial<OrderDetail> = {}): OrderDetail => ({
  order_no: 'O20261121100000123456',
  state: 'pending_payment',
  state_label: '待付款',
  goods: goodsCard(7, { title: '王者荣耀 满皮肤号' }),
  payable: '103.00',
  created_at: '2026-11-21T02:00:00.000Z',
  role: 'buyer',
  deadlines: { pay_by: new Date(Date.now() + 600_000).toISOString(), deliver_by: null, release_at: null },
  actions: ['pay', 'cancel'],
  quote: quote({ guarantee_code: 'basic', guarantee_fee: '3.00', payable: '103.00' }),
  escrow: '0.00',
  wallet_paid: '0.00',
  gateway_paid: '0.00',
  paid_at: null,
  completed_at: null,
  cashier_url: null,
  balance: '500.00',
  timeline: [
    {
      action: 'create',
      action_label: '创建',
      from: null,
      to: 'pending_payment',
      to_label: '待付款',
      actor_role: 'buyer',
      reason: '',
      created_at: '2026-11-21T02:00:00.000Z',
    },
  ],
  ...overrides,
});

describe('/order_detail?goods_id= (确认订单)', () => {
  it('shows the server price of each choice and places the order, then opens the pay sheet', async () => {
    setAuthorization('t');
    fake.on(orderPaths.guarantee, ({ query }) =>
      guaranteeAnswer(query.guarantee === 'lifetime' ? undefined : query.guarantee, query.coupon_id),
    );
    fake.on(orderPaths.place, () => order());
    fake.on(orderPaths.detail, () => order());
    renderScreen('/order_detail', <OrderDetailScreen />, { url: '/order_detail?goods_id=7&guarantee=basic' });
    const confirm = await screen.findByTestId('confirm-order');
    expect(within(confirm).getByText('王者荣耀 满皮肤号')).toBeTruthy();
    const breakdown = screen.getByTestId('order-breakdown');
    expect(within(breakdown).getByText('商品价格')).toBeTruthy();
    expect(within(breakdown).getByText('¥3.00')).toBeTruthy();
    expect(within(breakdown).getByText('¥103.00')).toBeTruthy();
    expect(screen.getByText('平台服务费 ¥5.00 由卖家承担，成交后从货款中扣除')).toBeTruthy();
    expect(screen.getByText('该优惠券不适用于此游戏')).toBeTruthy();

    fireEvent.click(screen.getByText('一年包赔'));
    await waitFor(() =>
      expect(within(screen.getByTestId('order-breakdown')).getByText('¥105.00')).toBeTruthy(),
    );
    fireEvent.click(screen.getByText('下单立减'));
    await waitFor(() =>
      expect(within(screen.getByTestId('order-breakdown')).getByText('¥95.00')).toBeTruthy(),
    );
    expect(fake.calls(orderPaths.guarantee).at(-1)?.rawQuery).toEqual({
      goods_id: '7',
      guarantee: 'extended',
      coupon_id: '31',
    });

    fireEvent.click(screen.getByTestId('place-order'));
    await waitFor(() => expect(fake.calls(orderPaths.place)).toHaveLength(1));
    const placed = fake.calls(orderPaths.place)[0];
    expect(placed?.body).toEqual({ goods_id: 7, guarantee: 'extended', coupon_id: 31 });
    expect(placed?.config.headers['Idempotency-Key']).toBeTruthy();
    expect(await screen.findByTestId('pay-amount')).toBeTruthy();
  });

  it('names the price of an agreed bargain as such', async () => {
    setAuthorization('t');
    fake.on(orderPaths.guarantee, () => guaranteeAnswer(undefined, undefined));
    renderScreen('/order_detail', <OrderDetailScreen />, { url: '/order_detail?goods_id=7&bargain_id=5' });
    const breakdown = await screen.findByTestId('order-breakdown');
    expect(within(breakdown).getByText('议价成交价')).toBeTruthy();
    expect(within(breakdown).queryByText('商品价格')).toBeNull();
    expect(fake.calls(orderPaths.guarantee).at(-1)?.rawQuery).toMatchObject({ bargain_id: '5' });
  });

  it('says why a listing cannot be ordered', async () => {
    setAuthorization('t');
    fake.on(orderPaths.guarantee, () => ({
      ...guaranteeAnswer(undefined, undefined),
      can_order: false,
      reason: '该商品已被其他买家下单或已下架，去看看其他商品吧',
    }));
    renderScreen('/order_detail', <OrderDetailScreen />, { url: '/order_detail?goods_id=7' });
    expect(await screen.findByText('该商品已被其他买家下单或已下架，去看看其他商品吧')).toBeTruthy();
    expect(screen.queryByTestId('place-order')).toBeNull();
  });
});

describe('/order_detail?order_no= (订单详情)', () => {
  // Past payment the hand-over panels load too (their own tests are in handover/).
  beforeEach(() => {
    fake.on(orderHandoverPaths.handover, (): OrderHandover => ({
      order_no: 'O20261121100000123456',
      state: 'paid',
      role: 'buyer',
      credentials: { submitted: false, submitted_at: null, account_masked: '', can_reveal: false },
      reveal_log: [],
      videos: [],
      rebinding: [],
      urges: [],
      urges_left_today: 3,
      damages: null,
      mismatch_reason: null,
    }));
  });

  it('shows the buyer the countdown and the buttons of the table, and pays from the wallet', async () => {
    setAuthorization('t');
    let current = order();
    fake.on(orderPaths.detail, () => current);
    fake.on(orderPaths.pay, () => {
      current = order({ state: 'paid', state_label: '待发货', actions: [], escrow: '103.00', balance: null });
      return { order: current, cashier_url: null };
    });
    renderScreen('/order_detail', <OrderDetailScreen />, {
      url: '/order_detail?order_no=O20261121100000123456',
    });
    expect(await screen.findByTestId('order-state')).toBeTruthy();
    expect(within(screen.getByTestId('order-amounts')).getByText('成交价')).toBeTruthy();
    expect(screen.getByTestId('order-deadline').textContent).toMatch(/^剩余 (09|10):\d\d，超时订单自动关闭$/);
    expect(screen.getByTestId('order-action-pay')).toBeTruthy();
    expect(screen.getByTestId('order-action-cancel')).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-action-pay'));
    expect(await screen.findByText('可用余额 ¥500.00')).toBeTruthy();
    fireEvent.click(screen.getByTestId('pay-confirm'));
    await waitFor(() => expect(fake.calls(orderPaths.pay)).toHaveLength(1));
    expect(fake.calls(orderPaths.pay)[0]?.body).toEqual({
      order_no: 'O20261121100000123456',
      method: 'wallet',
    });
    expect(fake.calls(orderPaths.pay)[0]?.config.headers['Idempotency-Key']).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('order-state').textContent).toBe('待发货'));
  });

  it('shows the seller no buyer button and the seller income', async () => {
    setAuthorization('t');
    fake.on(orderPaths.detail, () =>
      order({
        role: 'seller',
        state: 'protection',
        state_label: '保障期',
        actions: ['dispute'],
        balance: null,
        deadlines: { pay_by: null, deliver_by: null, release_at: '2026-11-24T02:00:00.000Z' },
      }),
    );
    renderScreen('/order_detail', <OrderDetailScreen />, {
      url: '/order_detail?order_no=O20261121100000123456',
    });
    expect(await screen.findByText('¥95.00')).toBeTruthy();
    expect(screen.getByTestId('order-deadline').textContent).toBe(
      '2026-11-24 10:00 自动确认收货并放款给卖家',
    );
    expect(screen.queryByTestId('order-action-confirm_receipt')).toBeNull();
  });

  it('titles a step into a state by the state, and one that stays in it by who did what', async () => {
    setAuthorization('t');
    const entry = (action: string, action_label: string, from: string, to: string, to_label: string) => ({
      action,
      action_label,
      from,
      to,
      to_label,
      actor_role: action === 'sign' ? ('system' as const) : ('buyer' as const),
      reason: '',
      created_at: '2026-11-21T03:00:00.000Z',
    });
    fake.on(orderPaths.detail, () =>
      order({
        state: 'protection',
        state_label: '保障期',
        actions: ['confirm_receipt', 'dispute'],
        timeline: [
          entry('finish_rebinding', '换绑完成', 'rebinding', 'signing', '待签署协议'),
          entry('party_sign', '签署协议', 'signing', 'signing', '待签署协议'),
          entry('sign', '协议签署完成', 'signing', 'protection', '保障期'),
        ],
      }),
    );
    renderScreen('/order_detail', <OrderDetailScreen />, {
      url: '/order_detail?order_no=O20261121100000123456',
    });
    const timeline = await screen.findByRole('region', { name: '订单进度' });
    expect(within(timeline).getByText('买家签署协议')).toBeTruthy();
    expect(within(timeline).getByText('待签署协议')).toBeTruthy();
    expect(within(timeline).getAllByText(/^保障期$/)).toHaveLength(1);
  });

  it('offers a retry when the order cannot be loaded', async () => {
    setAuthorization('t');
    fake.on(orderPaths.detail, () => reply.error(4701, '订单不存在'));
    renderScreen('/order_detail', <OrderDetailScreen />, {
      url: '/order_detail?order_no=O20261121100000123456',
    });
    expect(await screen.findByText('订单不存在')).toBeTruthy();
  });
});

describe('/afterSalesList (我的订单)', () => {
  const counts = Object.fromEntries(orderTabs.map((tab) => [tab, 0])) as OrderList['counts'];

  it('lists 我买到的 with counts by tab, and says what to do on an empty 我卖出的', async () => {
    setAuthorization('t');
    fake.on(orderPaths.list, ({ query }) =>
      query.side === 'buy'
        ? {
            list: [order()],
            total: 1,
            page: 1,
            page_size: 20,
            counts: { ...counts, all: 1, pending_payment: 1 },
          }
        : { list: [], total: 0, page: 1, page_size: 20, counts },
    );
    renderScreen('/afterSalesList', <OrderListScreen />, { otherPaths: ['/publishGoods'] });
    expect(await screen.findAllByTestId('order-row')).toHaveLength(1);
    expect(screen.getByText('待付款 1')).toBeTruthy();
    expect(screen.getByText('实付 ¥103.00')).toBeTruthy();
    fireEvent.click(screen.getByText('我卖出的'));
    expect(await screen.findByTestId('orders-empty')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去发布' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/publishGoods');
  });
});
