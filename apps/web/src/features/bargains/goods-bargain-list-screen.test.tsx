import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bargainPaths,
  ErrorCodes,
  type Bargain,
  type BargainDetail,
  type BargainInfo,
  type BargainStatus,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import { bargainButtons } from './bargain-buttons';
import { remainingText } from './deadline-text';
import GoodsBargainListScreen from './goods-bargain-list-screen';
import { priceProblem } from './price-sheet';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));
beforeEach(() => setAuthorization('t'));
afterEach(() => clearAuthorization());

const labels: Record<BargainStatus, string> = {
  offered: '待卖家回复',
  countered: '卖家已还价',
  agreed: '已同意',
  rejected: '已拒绝',
  cancelled: '已取消',
  expired: '已失效',
  ordered: '已下单',
};

function bargain(overrides: Partial<Bargain> = {}): Bargain {
  const status = overrides.status ?? 'offered';
  return {
    id: 7,
    goods: {
      id: 42,
      title: '王者荣耀 V10 全英雄',
      cover: '',
      game_name: '王者荣耀',
      platform: 'android',
      partition_name: '微信区',
      price: '300.00',
      status: 'on_sale',
    },
    role: 'buyer',
    status,
    status_label: labels[status],
    list_price: '300.00',
    offer_price: '220.00',
    counter_price: null,
    agreed_price: null,
    rounds_left: 2,
    counterparty: '小明',
    deadline: new Date(Date.now() + 3 * 3600_000).toISOString(),
    created_at: '2026-11-21T02:00:00.000Z',
    updated_at: '2026-11-21T02:00:00.000Z',
    ...overrides,
  };
}

const detail = (overrides: Partial<Bargain> = {}): BargainDetail => ({
  ...bargain(overrides),
  rounds: [{ by: 'buyer', price: '220.00', created_at: '2026-11-21T02:00:00.000Z' }],
  timeline: [
    {
      action: 'create',
      action_label: '创建',
      from: null,
      to: 'offered',
      to_label: '待卖家回复',
      actor_role: 'buyer',
      reason: '',
      created_at: '2026-11-21T02:00:00.000Z',
    },
  ],
});

const info = (overrides: Partial<BargainInfo> = {}): BargainInfo => ({
  goods: bargain().goods,
  bargain: null,
  can_offer: true,
  offer_refusal: '',
  has_floor: true,
  min_offer: '1.00',
  open_count: 1,
  max_open: 10,
  today_offers: 2,
  daily_max: 20,
  valid_hours: 24,
  ...overrides,
});

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, page: 1, page_size: 20 });

describe('bargain buttons', () => {
  it('come from the process table for the viewer’s role', () => {
    const names = (status: BargainStatus, role: 'buyer' | 'seller') =>
      bargainButtons({ status, role }).map((button) => button.label);
    expect(names('offered', 'seller')).toEqual(['还价', '同意', '拒绝']);
    expect(names('offered', 'buyer')).toEqual(['取消议价']);
    expect(names('countered', 'buyer')).toEqual(['接受还价', '重新出价', '取消议价']);
    expect(names('countered', 'seller')).toEqual([]);
    expect(names('agreed', 'buyer')).toEqual(['按议价购买', '取消议价']);
    expect(names('expired', 'seller')).toEqual(['删除']);
  });

  it('count down and check a price before sending it', () => {
    expect(remainingText('2026-11-21T05:30:00.000Z', Date.parse('2026-11-21T02:00:00.000Z'))).toBe(
      '3小时30分',
    );
    expect(remainingText('2026-11-21T02:05:09.000Z', Date.parse('2026-11-21T02:00:00.000Z'))).toBe('5分9秒');
    expect(remainingText('2026-11-21T01:00:00.000Z', Date.parse('2026-11-21T02:00:00.000Z'))).toBe('');
    const bounds = { aboveFen: 22_000, belowFen: 30_000, outside: 'outside' };
    expect(priceProblem('250', bounds)).toBe('');
    expect(priceProblem('220', bounds)).toBe('outside');
    expect(priceProblem('300', bounds)).toBe('outside');
    expect(priceProblem('1.234', bounds)).toBe('金额需大于0，且最多两位小数');
  });
});

describe('/goodsBargainList?goods_id=', () => {
  it('offers a price on a listing with the rules shown, then shows the bargain', async () => {
    let sent = false;
    fake
      .on(bargainPaths.info, () => (sent ? info({ can_offer: false, bargain: detail() }) : info()))
      .on(bargainPaths.offer, () => {
        sent = true;
        return detail();
      });
    renderScreen('/goodsBargainList', <GoodsBargainListScreen />, { url: '/goodsBargainList?goods_id=42' });
    expect(await screen.findByText(/卖家设置了最低可议价/)).toBeTruthy();
    expect(screen.getByText('今日已出价2/20次，进行中的议价1/10个')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: '价格（元）' });
    fireEvent.change(input, { target: { value: '300' } });
    expect((await screen.findByRole('alert')).textContent).toBe('出价需低于售价 ¥300.00');
    fireEvent.change(input, { target: { value: '220' } });
    const submit = screen.getByRole('button', { name: '出价' });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(fake.calls(bargainPaths.offer)).toHaveLength(1));
    expect(fake.calls(bargainPaths.offer)[0]?.body).toEqual({ goods_id: 42, price: '220.00' });
    expect(await screen.findByTestId('bargain-status')).toHaveProperty('textContent', '待卖家回复');
    expect(screen.getByTestId('bargain-deadline').textContent).toMatch(/^等待卖家回复 · 剩余2小时59分$/);
    expect(screen.queryByRole('button', { name: '出价' })).toBeNull();
  });

  it('says why no offer can be made', async () => {
    fake.on(bargainPaths.info, () => info({ can_offer: false, offer_refusal: '不能对自己的商品议价' }));
    renderScreen('/goodsBargainList', <GoodsBargainListScreen />, { url: '/goodsBargainList?goods_id=42' });
    expect((await screen.findByTestId('bargain-refusal')).textContent).toContain('不能对自己的商品议价');
  });

  it('tells a stranger the bargain does not exist, with a way on', async () => {
    fake.on(bargainPaths.info, () => reply.error(ErrorCodes.BARGAIN_NOT_FOUND));
    renderScreen('/goodsBargainList', <GoodsBargainListScreen />, { url: '/goodsBargainList?bargain_id=9' });
    const block = await screen.findByTestId('bargain-not-found');
    expect(within(block).getByRole('button', { name: '查看议价记录' })).toBeTruthy();
  });
});

describe('/goodsBargainList', () => {
  it('lists my offers and received ones, and the seller counters from the table’s buttons', async () => {
    fake
      .on(bargainPaths.buyerList, () =>
        pageOf([bargain({ id: 1, status: 'agreed', agreed_price: '220.00' })]),
      )
      .on(bargainPaths.sellerList, () => pageOf([bargain({ id: 2, role: 'seller', counterparty: '买家甲' })]))
      .on(bargainPaths.counter, () =>
        detail({ id: 2, role: 'seller', status: 'countered', counter_price: '260.00' }),
      );
    const { router } = renderScreen('/goodsBargainList', <GoodsBargainListScreen />, {
      otherPaths: ['/order_detail'],
    });
    expect(await screen.findByTestId('bargain-agreed')).toHaveProperty('textContent', '¥220.00');
    fireEvent.click(screen.getByRole('button', { name: '按议价购买' }));
    await waitFor(() => expect(router.state.location.search).toBe('?goods_id=42&bargain_id=1'));
    expect(router.state.location.pathname).toBe('/order_detail');

    await router.navigate('/goodsBargainList');
    fireEvent.click(await screen.findByText('收到的议价'));
    const card = await screen.findByRole('article', { name: '王者荣耀 V10 全英雄' });
    await waitFor(() => expect(within(card).getByText(/买家甲/)).toBeTruthy());
    expect(
      within(card)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['还价', '同意', '拒绝']);
    fireEvent.click(within(card).getByRole('button', { name: '还价' }));
    const sheet = await screen.findByRole('dialog', { name: '还价' });
    fireEvent.change(within(sheet).getByRole('textbox', { name: '价格（元）' }), {
      target: { value: '260' },
    });
    fireEvent.click(within(sheet).getByRole('button', { name: '还价' }));
    await waitFor(() => expect(fake.calls(bargainPaths.counter)).toHaveLength(1));
    expect(fake.calls(bargainPaths.counter)[0]?.body).toEqual({ bargain_id: 2, price: '260.00' });
  });

  it('says what to do when there are no bargains', async () => {
    fake.on(bargainPaths.buyerList, () => pageOf([]));
    renderScreen('/goodsBargainList', <GoodsBargainListScreen />);
    const empty = await screen.findByTestId('bargains-empty');
    expect(empty.textContent).toContain('还没有出过价');
    expect(within(empty).getByRole('button', { name: '去逛逛' })).toBeTruthy();
  });
});
