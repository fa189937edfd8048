import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Coupon, CouponList, CouponTab, CouponTemplate, NewUserPackage } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import type * as HttpClient from '@/core/http/client';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import CouponHallScreen from './coupon-hall-screen';
import MyCouponScreen from './my-coupon-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

vi.mock('@/core/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpClient>();
  return { ...actual, http: { get: vi.fn(), post: vi.fn() } };
});

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
  renderRouter(router);
}

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  vi.clearAllMocks();
  clearAuthorization();
});

describe('/myCoupon', () => {
  it('asks a visitor to log in', () => {
    render375('/myCoupon', <MyCouponScreen />);
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(http.get).not.toHaveBeenCalled();
  });

  it('shows usable tickets with amount, threshold, scope and validity; then the other tabs', async () => {
    setAuthorization('t');
    vi.mocked(http.get).mockImplementation((_path: string, params?: Record<string, unknown>) =>
      Promise.resolve({ err_code: 0, data: listOf(params?.status as CouponTab) }),
    );
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
    vi.mocked(http.get).mockResolvedValue({ err_code: 1099, message: '系统繁忙' });
    render375('/myCoupon', <MyCouponScreen />);
    expect(await screen.findByText('优惠券加载失败')).toBeTruthy();
    vi.mocked(http.get).mockImplementation((_path: string, params?: Record<string, unknown>) =>
      Promise.resolve({ err_code: 0, data: listOf(params?.status as CouponTab) }),
    );
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
  vi.mocked(http.get).mockImplementation((path: string) => {
    if (path === '/app/coupon/hall') return Promise.resolve({ err_code: 0, data: { list: hall } });
    if (path === '/app/coupon/new_user/main') return Promise.resolve({ err_code: 0, data: newUser });
    return Promise.reject(new Error(path));
  });
}

describe('/couponHall', () => {
  it('shows the package and claimable coupons to a visitor, who is sent to log in to claim', async () => {
    serveHall([template(1)], pack());
    render375('/couponHall', <CouponHallScreen />);
    expect(await screen.findByText('模板1')).toBeTruthy();
    expect(screen.getByText('剩余 40/100 张')).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录领取' })).toBeTruthy();
    expect(http.get).not.toHaveBeenCalledWith('/app/coupon/new_user/main');
  });

  it('claims the new-user package once', async () => {
    setAuthorization('t');
    serveHall([], pack());
    vi.mocked(http.post).mockResolvedValue({
      err_code: 0,
      data: { coupons: [coupon(1, 'usable'), coupon(2, 'usable')] },
    });
    render375('/couponHall', <CouponHallScreen />);
    const banner = await screen.findByTestId('new-user-banner');
    expect(await within(banner).findByText('共 25 元优惠券')).toBeTruthy();
    expect(await within(banner).findByText('满200元可用')).toBeTruthy();
    expect(screen.getByText('暂时没有可领取的优惠券，过段时间再来看看')).toBeTruthy();
    serveHall([], pack({ claimed: true, can_claim: false, reason: '你已领取过新人礼包' }));
    fireEvent.click(within(banner).getByRole('button', { name: '一键领取' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/app/coupon/new_user/receive'));
    expect(await screen.findByText('已领取 2 张优惠券', undefined, { timeout: 4000 })).toBeTruthy();
    const done = await within(banner).findByRole('button', { name: '已领取' });
    expect(done.hasAttribute('disabled')).toBe(true);
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
    vi.mocked(http.post).mockResolvedValue({ err_code: 0, data: { coupons: [coupon(9, 'usable')] } });
    render375('/couponHall', <CouponHallScreen />);
    const tickets = await screen.findAllByTestId('hall-ticket');
    expect(
      within(tickets[1] as HTMLElement)
        .getByRole('button', { name: '已抢光' })
        .hasAttribute('disabled'),
    ).toBe(true);
    expect(within(tickets[2] as HTMLElement).getByText('已领取')).toBeTruthy();
    fireEvent.click(within(tickets[0] as HTMLElement).getByRole('button', { name: '立即领取' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/app/coupon/receive', { template_id: 1 }));
    expect(
      await screen.findByText('领取成功，已放入“我的优惠券”', undefined, { timeout: 4000 }),
    ).toBeTruthy();
  });

  it('shows the refusal and fresh stock when a claim fails', async () => {
    setAuthorization('t');
    serveHall([template(1)], pack());
    vi.mocked(http.post).mockResolvedValue({ err_code: 4603, message: '优惠券已被领完' });
    render375('/couponHall', <CouponHallScreen />);
    fireEvent.click(await screen.findByRole('button', { name: '立即领取' }));
    expect(await screen.findByText('优惠券已被领完', undefined, { timeout: 4000 })).toBeTruthy();
    await waitFor(() =>
      expect(
        vi.mocked(http.get).mock.calls.filter(([path]) => path === '/app/coupon/hall').length,
      ).toBeGreaterThan(1),
    );
  });
});
