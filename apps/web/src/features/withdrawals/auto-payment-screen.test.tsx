import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { withdrawalPaths, type AutoWithdrawalSettings } from '@haoshi/contracts';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import AutoPaymentScreen from './auto-payment-screen';
import { page, renderScreen } from './test-fixtures';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));

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
    fake
      .on(withdrawalPaths.autoMain, () => settings)
      .on(withdrawalPaths.auto, () => ({
        ...settings,
        enabled: true,
        threshold: '200.00',
        keep_amount: '50.00',
        method_id: 3,
      }));
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
      expect(fake.calls(withdrawalPaths.auto).map((call) => call.body)).toEqual([
        { enabled: true, threshold: '200', keep_amount: '50', method_id: 3 },
      ]),
    );
  });
});
