import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { withdrawalPaths, type WithdrawAlert } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import QuickRemitScreen from './quick-remit-screen';
import { alipayMethod, page, renderScreen, withdrawal } from './test-fixtures';
import WithdrawDepositScreen from './withdraw-deposit-screen';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));

const alert: WithdrawAlert = {
  amount: '50.00',
  fee: '0.00',
  received: '50.00',
  mode: 'normal',
  arrival: '预计1个工作日内到账（需人工审核）',
  method: alipayMethod,
  rules: ['单笔最低10.00元'],
};

describe('/withdrawDeposit', () => {
  it('shows a skeleton while loading', () => {
    fake.on(withdrawalPaths.page, reply.pending);
    renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
  });

  it('offers a retry when the page fails', async () => {
    fake.on(withdrawalPaths.page, reply.network);
    renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    expect(await screen.findByTestId('withdraw-error')).toBeTruthy();
    fake.on(withdrawalPaths.page, () => page);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('100.00');
  });

  it('checks the amount, fills 全部提现, shows the alert sheet and confirms with an Idempotency-Key', async () => {
    fake
      .on(withdrawalPaths.page, () => page)
      .on(withdrawalPaths.alert, () => alert)
      .on(withdrawalPaths.withdraw, () => withdrawal({ id: 41 }));
    const router = renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    const input = await screen.findByLabelText<HTMLInputElement>('提现金额');
    const submit = screen.getByTestId('withdraw-submit');
    expect(submit.hasAttribute('disabled')).toBe(true);

    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('单笔最低 10.00 元');
    expect(screen.getByTestId('withdraw-submit').hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: '全部提现' }));
    expect(input.value).toBe('100.00');
    fireEvent.change(input, { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));

    const sheet = await screen.findByTestId('withdraw-alert');
    expect(sheet.textContent).toContain('¥50.00');
    expect(screen.getByTestId('withdraw-alert-fee').textContent).toBe('¥0.00');
    expect(screen.getByTestId('withdraw-alert-received').textContent).toBe('¥50.00');
    expect(fake.calls(withdrawalPaths.alert).map((call) => call.body)).toEqual([
      { amount: '50', method_id: 3, mode: 'normal' },
    ]);

    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remitDetail'));
    expect(router.state.location.search).toBe('?id=41');
    const [call] = fake.calls(withdrawalPaths.withdraw);
    expect(call?.body).toEqual({ amount: '50.00', method_id: 3, mode: 'normal' });
    expect(call?.config.headers['Idempotency-Key']).toMatch(/^wd-/);
  });

  it('sends the user to add a payout method when there is none', async () => {
    fake.on(withdrawalPaths.page, () => ({ ...page, methods: [] }));
    renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    const link = await screen.findByRole('link', { name: '添加收款方式' });
    expect(link.getAttribute('href')).toBe('/addPayMentType');
  });
});

describe('/quickRemit', () => {
  it('explains why quick remit is not available yet', async () => {
    fake.on(withdrawalPaths.page, () => page);
    renderScreen(QuickRemitScreen, '/quickRemit');
    const block = await screen.findByTestId('quick-remit-unavailable');
    expect(block.textContent).toContain('成功提现过一次后可用');
  });

  it('is the form in quick mode for eligible users', async () => {
    fake
      .on(withdrawalPaths.page, () => ({
        ...page,
        quick_remit: { ...page.quick_remit, eligible: true, reason: '' },
      }))
      .on(withdrawalPaths.alert, () => ({
        ...alert,
        fee: '2.00',
        received: '48.00',
        mode: 'quick' as const,
      }));
    renderScreen(QuickRemitScreen, '/quickRemit');
    fireEvent.change(await screen.findByLabelText('提现金额'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-alert-fee')).textContent).toBe('¥2.00');
    expect(fake.calls(withdrawalPaths.alert).map((call) => call.body)).toEqual([
      { amount: '50', method_id: 3, mode: 'quick' },
    ]);
  });
});
