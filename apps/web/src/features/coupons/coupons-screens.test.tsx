import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  couponPaths,
  type Coupon,
  type CouponList,
  type CouponTab,
  type CouponTemplate,
  type NewUserPackage,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { setNavigator } from '@/core/navigation';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import CouponHallScreen from './coupon-hall-screen';
import MyCouponScreen from './my-coupon-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

const coupon = (id: number, state: Coupon['state'], overrides: Partial<Coupon> = {}): Coupon => ({
  id,
  template_id: id,
  name: `券${id}`,
  amount_off: '20.00',
  threshold: '200.00',
  game_id: null,
  scope_label: '全部游戏',
  state,
  valid_from: '2026-11-21T02:00:00.000Z',
  valid_until: '2026-11-28T02:00:00.000Z',
  claimed_at: '2026-11-21T02:00:00.000Z',
  used_at: null,
  ...overrides,
});

const template = (id: number, overrides: Partial<CouponTemplate> = {}): CouponTemplate => ({
  id,
  name: `模板${id}`,
  amount_off: '10.00',
  threshold: '100.00',
  game_id: null,
  scope_label: '全部游戏',
  validity_label: '领取后7天内有效',
  stock_total: 100,
  stock_left: 40,
  claimed_by_me: false,
  ...overrides,
});

const counts = { usable: 2, used: 1, expired: 0 };

function listOf(status: CouponTab): CouponList {
  const lists: Record<CouponTab, Coupon[]> = {
    usable: [
      coupon(1, 'usable', { amount_off: '5.00', threshold: '0.00', name: '新人无门槛券' }),
      coupon(2, 'locked', { scope_label: '仅限原神' }),
    ],
    used: [coupon(3, 'used')],
    expired: [],
  };
  const list = lists[status];
  return { list, total: list.length, page: 1, page_size: 20, counts };
}

function render375(path: string, element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '/couponHall', element: <p>领券中心页</p> },
    ],
    { initialEntries: [path] },
  );
  return renderRouter(router);
}

/** Lets the refetches a claim starts land before the test ends. */
async function settled(client: QueryClient) {
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
}

const serveList = () => fake.on(couponPaths.list, ({ query }) => listOf(query.status));

beforeAll(() => Toast.config({ duration: 0 }));
// Unmount before logging out: dropping the token under a mounted screen re-renders it mid-teardown.
afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('/myCoupon', () => {
  it('asks a visitor to log in', () => {
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    render375('/myCoupon', <MyCouponScreen />);
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2FmyCoupon', undefined);
    expect(fake.requests).toEqual([]);
    unregister();
  });

  it('shows usable tickets with amount, threshold, scope and validity; then the other tabs', async () => {
    setAuthorization('t');
    serveList();
    render375('/myCoupon', <MyCouponScreen />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    const tickets = await screen.findAllByTestId('coupon-ticket');
    expect(tickets).toHaveLength(2);
    const first = within(tickets[0] as HTMLElement);
    expect(first.getByText('无门槛')).toBeTruthy();
    expect(first.getByText('新人无门槛券')).toBeTruthy();
    expect(first.getByText('全部游戏')).toBeTruthy();
    expect(first.getByText('2026-11-21 至 2026-11-28')).toBeTruthy();
    expect(first.getByRole('button', { name: '去使用' })).toBeTruthy();
    const second = within(tickets[1] as HTMLElement);
    expect(second.getByText('满200元可用')).toBeTruthy();
    expect(second.getByText('仅限原神')).toBeTruthy();
    expect(second.getByText('订单占用中')).toBeTruthy();
    expect(screen.getByText('已使用(1)')).toBeTruthy();

    fireEvent.click(screen.getByText('已使用(1)'));
    await waitFor(() => expect(screen.getAllByTestId('coupon-ticket')).toHaveLength(1));
    expect(screen.getByText('已使用', { selector: '.coupon-ticket__stamp' })).toBeTruthy();

    fireEvent.click(screen.getByText('已过期(0)'));
    expect(await screen.findByTestId('coupons-empty-expired')).toBeTruthy();
    expect(screen.getByText('没有过期的优惠券')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去领券中心' }));
    expect(await screen.findByText('领券中心页')).toBeTruthy();
  });

  it('offers a retry when the list fails', async () => {
    setAuthorization('t');
    fake.on(couponPaths.list, () => reply.error(1099, '系统繁忙'));
    render375('/myCoupon', <MyCouponScreen />);
    expect(await screen.findByText('优惠券加载失败')).toBeTruthy();
    serveList();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findAllByTestId('coupon-ticket')).toHaveLength(2);
  });
});

const pack = (overrides: Partial<NewUserPackage> = {}): NewUserPackage => ({
  templates: [
    template(11, { amount_off: '5.00', threshold: '0.00' }),
    template(12, { amount_off: '20.00', threshold: '200.00' }),
  ],
  total_amount_off: '25.00',
  claimed: false,
  can_claim: true,
  reason: null,
  ...overrides,
});

function serveHall(hall: CouponTemplate[], newUser: NewUserPackage) {
  fake.on(couponPaths.hall, () => ({ list: hall })).on(couponPaths.newUserMain, () => newUser);
}

describe('/couponHall', () => {
  it('shows the package and claimable coupons to a visitor, who is sent to log in to claim', async () => {
    serveHall([template(1)], pack());
    render375('/couponHall', <CouponHallScreen />);
    expect(await screen.findByText('模板1')).toBeTruthy();
    expect(screen.getByText('剩余 40/100 张')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录领取' })).toBeTruthy();
    expect(fake.calls(couponPaths.newUserMain)).toEqual([]);
  });

  it('claims the new-user package once', async () => {
    setAuthorization('t');
    serveHall([], pack());
    fake.on(couponPaths.newUserReceive, () => ({ coupons: [coupon(1, 'usable'), coupon(2, 'usable')] }));
    const client = render375('/couponHall', <CouponHallScreen />);
    const banner = await screen.findByTestId('new-user-banner');
    expect(await within(banner).findByText('共 25 元优惠券')).toBeTruthy();
    expect(await within(banner).findByText('满200元可用')).toBeTruthy();
    expect(screen.getByText('暂时没有可领取的优惠券，过段时间再来看看')).toBeTruthy();
    serveHall([], pack({ claimed: true, can_claim: false, reason: '你已领取过新人礼包' }));
    fireEvent.click(within(banner).getByRole('button', { name: '一键领取' }));
    await waitFor(() => expect(fake.calls(couponPaths.newUserReceive)).toHaveLength(1));
    expect(await screen.findByText('已领取 2 张优惠券', undefined, { timeout: 4000 })).toBeTruthy();
    const done = await within(banner).findByRole('button', { name: '已领取' });
    expect(done.hasAttribute('disabled')).toBe(true);
    await settled(client);
    expect(fake.calls(couponPaths.newUserReceive)).toHaveLength(1);
  });

  it('explains why an old user cannot claim the package', async () => {
    setAuthorization('t');
    serveHall([], pack({ can_claim: false, reason: '新人礼包仅限注册30天内的新用户领取' }));
    render375('/couponHall', <CouponHallScreen />);
    expect(await screen.findByText('新人礼包仅限注册30天内的新用户领取')).toBeTruthy();
    expect(screen.getByRole('button', { name: '一键领取' }).hasAttribute('disabled')).toBe(true);
  });

  it('claims a hall coupon, shows sold-out and already-claimed ones', async () => {
    setAuthorization('t');
    serveHall(
      [
        template(1),
        template(2, { stock_left: 0, name: '抢光券' }),
        template(3, { claimed_by_me: true, name: '我的券' }),
      ],
      pack({ claimed: true, can_claim: false, reason: '你已领取过新人礼包' }),
    );
    fake.on(couponPaths.receive, () => ({ coupons: [coupon(9, 'usable')] }));
    const client = render375('/couponHall', <CouponHallScreen />);
    const tickets = await screen.findAllByTestId('hall-ticket');
    expect(
      within(tickets[1] as HTMLElement)
        .getByRole('button', { name: '已抢光' })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(tickets[2] as HTMLElement).getByText('已领取')).toBeTruthy();
    fireEvent.click(within(tickets[0] as HTMLElement).getByRole('button', { name: '立即领取' }));
    await waitFor(() =>
      expect(fake.calls(couponPaths.receive).map((request) => request.body)).toEqual([{ template_id: 1 }]),
    );
    expect(
      await screen.findByText('领取成功，已放入“我的优惠券”', undefined, { timeout: 4000 }),
    ).toBeTruthy();
    await settled(client);
  });

  it('shows the refusal and fresh stock when a claim fails', async () => {
    setAuthorization('t');
    serveHall([template(1)], pack());
    fake.on(couponPaths.receive, () => reply.error(4603, '优惠券已被领完'));
    const client = render375('/couponHall', <CouponHallScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '立即领取' }));
    expect(await screen.findByText('优惠券已被领完', undefined, { timeout: 4000 })).toBeTruthy();
    await waitFor(() => expect(fake.calls(couponPaths.hall).length).toBeGreaterThan(1));
    await settled(client);
  });
});
