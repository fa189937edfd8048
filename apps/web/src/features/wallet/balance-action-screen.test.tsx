import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { walletPaths, type TransferMain, type TransferResult } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import BalanceActionScreen from './balance-action-screen';
import { transferProblems } from './transfer-form';
import { renderScreen } from './wallet.test-support';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));

const main: TransferMain = {
  available: '100.00',
  fee: '0.00',
  single_limit: '50.00',
  daily_limit: '200000.00',
  daily_used: '0.00',
  daily_count_limit: 20,
  daily_count_used: 0,
  real_name_verified: true,
  rules: ['转账成功后无法撤回'],
  recipient: null,
};
const recipient = { phone_masked: '139****0002', name_masked: '李*' };
const result: TransferResult = {
  bill_id: 77,
  amount: '12.50',
  available: '87.50',
  recipient,
  created_at: '2026-11-21T02:00:00Z',
};

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('transfer form checks', () => {
  it('checks phone, amount rule, balance and the single limit', () => {
    expect(transferProblems({ phone: '123', amount: '1.001', remark: '' }, main)).toEqual({
      phone: '请输入正确的11位手机号',
      amount: '金额需大于0，且最多两位小数',
    });
    expect(transferProblems({ phone: '13900000002', amount: '100.01', remark: '' }, main).amount).toBe(
      '转出金额超过可用余额',
    );
    expect(transferProblems({ phone: '13900000002', amount: '50.01', remark: '' }, main).amount).toBe(
      '超出单笔限额 50.00 元',
    );
    expect(transferProblems({ phone: '13900000002', amount: '50', remark: '' }, main)).toEqual({});
  });
});

describe('/balanceAction', () => {
  it('shows what is wrong and sends nothing', async () => {
    fake.on(walletPaths.transferMain, () => main);
    renderScreen(BalanceActionScreen, '/balanceAction');
    expect((await screen.findByTestId('transfer-available')).textContent).toBe('¥100.00');
    fill('收款人手机号', '1390000');
    fill('转出金额', '0');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的11位手机号；金额需大于0，且最多两位小数');
    expect(fake.calls(walletPaths.transfer)).toHaveLength(0);
  });

  it('confirms the recipient’s masked identity, then transfers once with an Idempotency-Key', async () => {
    fake
      .on(walletPaths.transferMain, ({ query }) => (query.phone ? { ...main, recipient } : main))
      .on(walletPaths.transfer, () => result);
    const router = renderScreen(BalanceActionScreen, '/balanceAction');
    await screen.findByTestId('transfer-available');
    fill('收款人手机号', '13900000002');
    fill('转出金额', '12.5');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));

    const dialog = await screen.findByTestId('transfer-confirm');
    expect(dialog.textContent).toContain('李*');
    expect(dialog.textContent).toContain('139****0002');
    expect(dialog.textContent).toContain('¥12.50');
    expect(fake.calls(walletPaths.transferMain).at(-1)?.rawQuery).toEqual({ phone: '13900000002' });
    fireEvent.click(screen.getByRole('button', { name: '确认转出' }));

    await waitFor(() => expect(fake.calls(walletPaths.transfer)).toHaveLength(1));
    const [transfer] = fake.calls(walletPaths.transfer);
    expect(transfer?.body).toEqual({ phone: '13900000002', amount: '12.50' });
    expect(transfer?.config.headers['Idempotency-Key']).toMatch(/^transfer-[0-9a-f]{32}$/);
    await waitFor(() => expect(router.state.location.search).toBe('?id=77'));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
  });

  it('stops at an unknown recipient with the server’s message', async () => {
    fake.on(walletPaths.transferMain, ({ query }) =>
      query.phone ? reply.error(4003, '收款人不存在，请核对手机号') : main,
    );
    renderScreen(BalanceActionScreen, '/balanceAction');
    await screen.findByTestId('transfer-available');
    fill('收款人手机号', '13900000009');
    fill('转出金额', '1');
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('收款人不存在，请核对手机号')).toBeTruthy();
    expect(screen.queryByTestId('transfer-confirm')).toBeNull();
    expect(fake.calls(walletPaths.transfer)).toHaveLength(0);
  });

  it('sends a user without real-name verification to verify first', async () => {
    fake.on(walletPaths.transferMain, () => ({ ...main, real_name_verified: false }));
    renderScreen(BalanceActionScreen, '/balanceAction');
    expect(await screen.findByText('转出前需完成实名认证')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去实名认证' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('shows a skeleton while loading and a retry when loading fails', async () => {
    fake.on(walletPaths.transferMain, reply.pending);
    renderScreen(BalanceActionScreen, '/balanceAction');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    fake.on(walletPaths.transferMain, () => reply.error(1099));
    renderScreen(BalanceActionScreen, '/balanceAction');
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
