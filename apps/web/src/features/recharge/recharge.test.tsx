import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import type { ComponentType } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ErrorCodes,
  LOGIN_REQUIRED_MESSAGE,
  paymentPaths,
  type Page,
  type RechargeCreated,
  type RechargeMain,
  type RechargeOrder,
  type RechargeUserInfo,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { setNavigator } from '@/core/navigation';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import { goToCashier } from './go-to-cashier';
import PersonRechargeScreen from './person-recharge-screen';
import WxRechargeScreen from './wx-recharge-screen';
import RechargeRecordsScreen from './recharge-records-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();
// The cashier is another page (window.location), which jsdom cannot load: only the address is checked.
vi.mock('./go-to-cashier', () => ({ goToCashier: vi.fn() }));

const main: RechargeMain = {
  channels: [
    { channel: 'wechat', name: '微信支付', enabled: true },
    { channel: 'alipay', name: '支付宝', enabled: true },
  ],
  presets: ['10.00', '50.00', '100.00', '200.00', '500.00', '1000.00'],
  min_amount: '1.00',
  max_amount: '50000.00',
  daily_max_amount: '200000.00',
  proxy_max_amount: '5000.00',
  notes: ['充值金额实时到账'],
};
const userInfo: RechargeUserInfo = {
  available: '12.00',
  frozen: '0.00',
  today_paid: '0.00',
  today_remaining: '200000.00',
  pending_count: 0,
  recent: [],
};
const order = (status: RechargeOrder['status'], extra: Partial<RechargeCreated> = {}): RechargeCreated => ({
  order_no: 'R20261121100000123456789',
  amount: '50.00',
  channel: 'alipay',
  status,
  beneficiary_phone: null,
  created_at: '2026-11-21T02:00:00.000Z',
  paid_at: status === 'paid' ? '2026-11-21T02:01:00.000Z' : null,
  closed_at: status === 'closed' ? '2026-11-21T02:01:00.000Z' : null,
  cashier_url: status === 'pending' ? '/app/sandbox-pay/cashier/abcdefghijklmnopqrstuvwx' : '',
  ...extra,
});
const posts = () => fake.requests.filter((request) => request.method === 'POST');

function answerGets(
  records: Page<RechargeOrder> | 'offline' = { list: [], total: 0, page: 1, page_size: 20 },
) {
  fake
    .on(paymentPaths.rechargeMain, () => main)
    .on(paymentPaths.rechargeUserInfo, () => userInfo)
    .on(paymentPaths.rechargeRecords, () => (records === 'offline' ? reply.network() : records));
}

function renderAt(path: string, url: string, Screen: ComponentType) {
  const router = createMemoryRouter(
    [
      { path, element: <Screen /> },
      { path: '*', element: <p>other page</p> },
    ],
    { initialEntries: [url] },
  );
  renderRouter(router);
}

beforeAll(() => Toast.config({ duration: 0 }));
// Unmount before logging out: dropping the token under a mounted screen re-renders it mid-teardown.
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
  clearAuthorization();
});

describe('/personRecharge', () => {
  it('asks a guest to log in and loads nothing', () => {
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    renderAt('/personRecharge', '/personRecharge', PersonRechargeScreen);
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2FpersonRecharge', undefined);
    expect(fake.requests).toEqual([]);
    unregister();
  });

  it('creates the order with a preset and the chosen channel, then goes to the cashier', async () => {
    setAuthorization('token-1');
    answerGets();
    fake.on(paymentPaths.rechargeExchange, () => order('pending'));
    renderAt('/personRecharge', '/personRecharge', PersonRechargeScreen);

    await waitFor(() => expect(screen.getByTestId('recharge-balance').textContent).toBe('¥12.00'));
    fireEvent.click(screen.getByTestId('recharge-preset-50.00'));
    expect(screen.getByRole('textbox', { name: '充值金额' })).toHaveProperty('value', '50.00');
    fireEvent.click(screen.getByText('支付宝'));
    fireEvent.click(screen.getByRole('button', { name: '去支付 ¥50.00' }));

    await waitFor(() =>
      expect(goToCashier).toHaveBeenCalledWith('/app/sandbox-pay/cashier/abcdefghijklmnopqrstuvwx'),
    );
    const [created] = posts();
    expect(created?.path).toBe(paymentPaths.rechargeExchange);
    expect(created?.body).toEqual({ amount: '50.00', channel: 'alipay', return_path: '/personRecharge' });
    expect(created?.config.headers['Idempotency-Key']).toMatch(/^recharge-[0-9a-f]{32}$/);
  });

  it('refuses a bad amount before calling the server', async () => {
    setAuthorization('token-1');
    answerGets();
    renderAt('/personRecharge', '/personRecharge', PersonRechargeScreen);
    const input = await screen.findByRole('textbox', { name: '充值金额' });
    fireEvent.change(input, { target: { value: '0.001' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入大于0且最多两位小数的金额');
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByRole('alert')).textContent).toBe('单笔最低充值 1.00 元');
    expect(posts()).toEqual([]);
  });

  it('sends 代充 to /proxy with the phone', async () => {
    setAuthorization('token-1');
    answerGets();
    fake.on(paymentPaths.rechargeProxy, () => order('pending', { beneficiary_phone: '138****0002' }));
    renderAt('/personRecharge', '/personRecharge', PersonRechargeScreen);
    fireEvent.click(await screen.findByText('为他人代充'));
    fireEvent.change(screen.getByRole('textbox', { name: '对方手机号' }), {
      target: { value: '13800000002' },
    });
    fireEvent.click(screen.getByTestId('recharge-submit'));
    await waitFor(() => expect(posts()).not.toEqual([]));
    const [sent] = posts();
    expect(sent?.path).toBe(paymentPaths.rechargeProxy);
    expect(sent?.body).toMatchObject({ phone: '13800000002', amount: '100.00', channel: 'wechat' });
  });

  it('back from the cashier: polls until paid and shows the result', async () => {
    setAuthorization('token-1');
    answerGets();
    let confirms = 0;
    fake.on(paymentPaths.rechargeExchangeConfirm, () => {
      confirms += 1;
      return order(confirms === 1 ? 'pending' : 'paid');
    });
    renderAt('/personRecharge', '/personRecharge?order_no=R20261121100000123456789', PersonRechargeScreen);
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    expect(await screen.findByText('充值成功', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('recharge-result').dataset.status).toBe('paid');
    const asked = fake.calls(paymentPaths.rechargeExchangeConfirm).map((request) => request.body);
    expect(asked.length).toBeGreaterThan(1);
    expect(new Set(asked.map((body) => JSON.stringify(body)))).toEqual(
      new Set([JSON.stringify({ order_no: 'R20261121100000123456789' })]),
    );
  });

  it('asks for the result silently: a refused check neither toasts nor starts the login flow', async () => {
    setAuthorization('token-1');
    answerGets();
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    fake.on(paymentPaths.rechargeExchangeConfirm, () => reply.error(ErrorCodes.LOGIN_REQUIRED));
    renderAt('/personRecharge', '/personRecharge?order_no=R20261121100000123456789', PersonRechargeScreen);
    expect(await screen.findByText('查询支付结果失败')).toBeTruthy();
    expect(screen.queryByText(LOGIN_REQUIRED_MESSAGE)).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
    unregister();
  });

  it('says a cancelled order is closed', async () => {
    setAuthorization('token-1');
    answerGets();
    fake.on(paymentPaths.rechargeExchangeConfirm, () => order('closed'));
    renderAt('/personRecharge', '/personRecharge?order_no=R20261121100000123456789', PersonRechargeScreen);
    expect(await screen.findByText('订单已关闭')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '再充一笔' }));
    expect(await screen.findByTestId('recharge-submit')).toBeTruthy();
  });
});

describe('/wxRecharge', () => {
  it('offers WeChat Pay only', async () => {
    setAuthorization('token-1');
    answerGets();
    renderAt('/wxRecharge', '/wxRecharge', WxRechargeScreen);
    expect(await screen.findByTestId('recharge-channel-wechat')).toBeTruthy();
    expect(screen.queryByTestId('recharge-channel-alipay')).toBeNull();
  });
});

describe('/rechargeRecords', () => {
  it('lists orders with status, amount and China time', async () => {
    setAuthorization('token-1');
    answerGets({
      list: [order('paid'), order('closed', { order_no: 'R20261121100000999' })],
      total: 2,
      page: 1,
      page_size: 20,
    });
    renderAt('/rechargeRecords', '/rechargeRecords', RechargeRecordsScreen);
    const rows = await screen.findAllByTestId('recharge-record');
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('+¥50.00');
    expect(rows[0]?.textContent).toContain('充值成功');
    expect(rows[0]?.textContent).toContain('2026-11-21 10:00');
    expect(rows[1]?.textContent).toContain('已关闭');
  });

  it('says what to do when empty, and offers a retry on error', async () => {
    setAuthorization('token-1');
    answerGets();
    renderAt('/rechargeRecords', '/rechargeRecords', RechargeRecordsScreen);
    expect(await screen.findByText('还没有充值记录')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去充值' })).toBeTruthy();
  });

  it('offers a retry when the list cannot load', async () => {
    setAuthorization('token-1');
    answerGets('offline');
    renderAt('/rechargeRecords', '/rechargeRecords', RechargeRecordsScreen);
    expect(await screen.findByText('充值记录加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
