import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { http } from '@/core/http/client';
import type * as HttpClient from '@/core/http/client';
import QuickRemitScreen from './quick-remit-screen';
import { answer, okEnvelope, page, renderScreen, withdrawal } from './test-fixtures';
import WithdrawDepositScreen from './withdraw-deposit-screen';

vi.mock('@/core/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpClient>();
  return { ...actual, http: { get: vi.fn(), post: vi.fn() } };
});

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => vi.clearAllMocks());

const alert = {
  amount: '50.00',
  fee: '0.00',
  received: '50.00',
  mode: 'normal',
  arrival: '预计1个工作日内到账（需人工审核）',
  method: page.methods[0],
  rules: ['单笔最低10.00元'],
};

describe('/withdrawDeposit', () => {
  it('shows a skeleton while loading', () => {
    vi.mocked(http.get).mockReturnValue(new Promise(() => undefined));
    renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
  });

  it('offers a retry when the page fails', async () => {
    vi.mocked(http.get).mockRejectedValueOnce(new Error('offline'));
    renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    expect(await screen.findByTestId('withdraw-error')).toBeTruthy();
    answer({ get: { '/app/user/withdraw/page': okEnvelope(page) } });
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect((await screen.findByTestId('withdraw-available')).textContent).toBe('100.00');
  });

  it('checks the amount, fills 全部提现, shows the alert sheet and confirms with an Idempotency-Key', async () => {
    answer({
      get: { '/app/user/withdraw/page': okEnvelope(page) },
      post: {
        '/app/user/withdraw/alert': okEnvelope(alert),
        '/app/user/withdraw': okEnvelope(withdrawal({ id: 41 })),
      },
    });
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
    expect(http.post).toHaveBeenCalledWith('/app/user/withdraw/alert', {
      amount: '50',
      method_id: 3,
      mode: 'normal',
    });

    fireEvent.click(screen.getByTestId('withdraw-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/remitDetail'));
    expect(router.state.location.search).toBe('?id=41');
    const call = vi.mocked(http.post).mock.calls.find(([path]) => path === '/app/user/withdraw');
    expect(call?.[1]).toEqual({ amount: '50.00', method_id: 3, mode: 'normal' });
    expect((call?.[2] as { headers: Record<string, string> }).headers['Idempotency-Key']).toMatch(/^wd-/);
  });

  it('sends the user to add a payout method when there is none', async () => {
    answer({ get: { '/app/user/withdraw/page': okEnvelope({ ...page, methods: [] }) } });
    renderScreen(WithdrawDepositScreen, '/withdrawDeposit');
    const link = await screen.findByRole('link', { name: '添加收款方式' });
    expect(link.getAttribute('href')).toBe('/addPayMentType');
  });
});

describe('/quickRemit', () => {
  it('explains why quick remit is not available yet', async () => {
    answer({ get: { '/app/user/withdraw/page': okEnvelope(page) } });
    renderScreen(QuickRemitScreen, '/quickRemit');
    const block = await screen.findByTestId('quick-remit-unavailable');
    expect(block.textContent).toContain('成功提现过一次后可用');
  });

  it('is the form in quick mode for eligible users', async () => {
    answer({
      get: {
        '/app/user/withdraw/page': okEnvelope({
          ...page,
          quick_remit: { ...page.quick_remit, eligible: true, reason: '' },
        }),
      },
      post: {
        '/app/user/withdraw/alert': okEnvelope({ ...alert, fee: '2.00', received: '48.00', mode: 'quick' }),
      },
    });
    renderScreen(QuickRemitScreen, '/quickRemit');
    fireEvent.change(await screen.findByLabelText('提现金额'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    expect((await screen.findByTestId('withdraw-alert-fee')).textContent).toBe('¥2.00');
    expect(http.post).toHaveBeenCalledWith('/app/user/withdraw/alert', {
      amount: '50',
      method_id: 3,
      mode: 'quick',
    });
  });
});
