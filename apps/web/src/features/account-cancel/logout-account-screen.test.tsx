import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  accountCancelConditionKeys,
  accountCancellationPaths,
  type AccountCancelCondition,
  type AccountCancelStatus,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import LogoutAccountScreen from './logout-account-screen';

const fake = setupFakeApi();

const condition = (key: AccountCancelCondition['key'], unmet?: string): AccountCancelCondition => ({
  key,
  title: `条件 ${key}`,
  met: unmet === undefined,
  detail: unmet ?? '已满足',
  action_text: unmet === undefined ? '' : '去提现',
  action_route: unmet === undefined ? '' : '/withdrawDeposit',
});

const status = (overrides: Partial<AccountCancelStatus> = {}): AccountCancelStatus => ({
  state: 'none',
  state_label: '未申请',
  phone_masked: '139****0001',
  cooling_off_days: 15,
  conditions: accountCancelConditionKeys.map((key) => condition(key)),
  all_met: true,
  requested_at: null,
  complete_at: null,
  seconds_left: null,
  withdraw_reason: '',
  timeline: [],
  ...overrides,
});

const render = () =>
  renderScreen('/logoutAccount', <LogoutAccountScreen />, { otherPaths: ['/withdrawDeposit'] });

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('/logoutAccount', () => {
  it('shows each unmet condition with its action, which opens the route that settles it', async () => {
    setAuthorization('t');
    fake.on(accountCancellationPaths.status, () =>
      status({
        all_met: false,
        conditions: accountCancelConditionKeys.map((key) =>
          key === 'wallet_balance' ? condition(key, '钱包余额 ¥12.34，请先全部提现') : condition(key),
        ),
      }),
    );
    render();
    expect(await screen.findByText('钱包余额 ¥12.34，请先全部提现')).toBeTruthy();
    expect(screen.getAllByLabelText('已满足')).toHaveLength(accountCancelConditionKeys.length - 1);
    fireEvent.click(screen.getByRole('button', { name: '去提现' }));
    expect((await screen.findByTestId('other-route')).textContent).toBe('/withdrawDeposit');
  });

  it('asks for the code, confirms with it, then shows the cooling-off and withdraws on 撤销注销', async () => {
    setAuthorization('t');
    let current = status();
    fake
      .on(accountCancellationPaths.status, () => current)
      .on('POST', accountCancellationPaths.destroy, (request) => {
        const body = request.body as { action: string };
        if (body.action === 'request') current = status({ state: 'requested', state_label: '待短信确认' });
        if (body.action === 'confirm')
          current = status({
            state: 'cooling_off',
            complete_at: '2026-12-06T02:00:00.000Z',
            seconds_left: 15 * 86_400,
          });
        if (body.action === 'withdraw')
          current = status({ state: 'withdrawn', withdraw_reason: '你已撤销注销申请' });
        return { ...current, sms_cooldown: body.action === 'request' ? 60 : null };
      });
    render();
    fireEvent.click(await screen.findByRole('button', { name: '申请注销' }));
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    fireEvent.click(screen.getByText('我已阅读并知晓上述注销须知'));
    fireEvent.click(screen.getByRole('button', { name: '申请注销' }));
    expect(await screen.findByText('验证码已发送至 139****0001，请输入验证码确认注销')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入6位验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认注销' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认注销' }));
    expect((await screen.findByTestId('cooling-off-left')).textContent).toMatch(/^1[45]天\d+小时\d+分$/);
    const posted = fake.requests
      .filter((request) => request.method === 'POST')
      .map((request) => request.body);
    expect(posted).toEqual([{ action: 'request' }, { action: 'confirm', code: '123456' }]);

    fireEvent.click(screen.getByRole('button', { name: '撤销注销' }));
    const ask = await screen.findByRole('dialog');
    fireEvent.click(within(ask).getByRole('button', { name: '撤销注销' }));
    expect(await screen.findByText('上次注销申请已撤销：你已撤销注销申请')).toBeTruthy();
  });

  it('says what to do when the status cannot load', async () => {
    setAuthorization('t');
    fake.on(accountCancellationPaths.status, () => reply.error(1099, '系统繁忙'));
    render();
    expect(await screen.findByText('注销信息加载失败')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy());
  });
});
