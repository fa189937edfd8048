import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AutoWithdrawalSettings } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import type * as HttpClient from '@/core/http/client';
import AutoPaymentScreen from './auto-payment-screen';
import { answer, okEnvelope, page } from './test-fixtures';
import { renderScreen } from './test-fixtures';

vi.mock('@/core/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpClient>();
  return { ...actual, http: { get: vi.fn(), post: vi.fn() } };
});

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => vi.clearAllMocks());

const settings: AutoWithdrawalSettings = {
  enabled: false,
  threshold: '1000.00',
  keep_amount: '0.00',
  method_id: null,
  methods: page.methods,
  last_run: null,
  rules: ['每天最多自动提现一次'],
};

describe('/autoPayMent', () => {
  it('refuses a keep amount above the threshold, then saves', async () => {
    answer({
      get: { '/app/user/withdrawal/auto/main': okEnvelope(settings) },
      post: {
        '/app/user/withdrawal/auto': okEnvelope({
          ...settings,
          enabled: true,
          threshold: '200.00',
          keep_amount: '50.00',
          method_id: 3,
        }),
      },
    });
    renderScreen(AutoPaymentScreen, '/autoPayMent');
    const threshold = await screen.findByLabelText('触发金额（元）');
    fireEvent.change(threshold, { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('保留金额（元）'), { target: { value: '300' } });
    expect(screen.getByText('保留金额不能大于触发金额')).toBeTruthy();
    expect(screen.getByTestId('auto-save').hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('保留金额（元）'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(screen.getByTestId('auto-save'));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/app/user/withdrawal/auto', {
        enabled: true,
        threshold: '200',
        keep_amount: '50',
        method_id: 3,
      }),
    );
  });
});
