import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { walletPaths, type WalletSummary } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { setNavigator } from '@/core/navigation';
import ReconciliateScreen from './reconciliate-screen';
import WalletScreen from './wallet-screen';
import BalanceOperationScreen from './balance-operation-screen';
import { renderScreen } from './wallet.test-support';

const fake = setupFakeApi();

const wallet: WalletSummary = {
  available: '130.00',
  frozen: '10.00',
  deposit: '100.00',
  total: '240.00',
  month: '2026-11',
  month_income: '20.00',
  month_expense: '40.00',
  entries: [
    { key: 'recharge', label: '充值', path: '/personRecharge' },
    { key: 'coupon', label: '优惠券', path: '/myCoupon' },
  ],
};

describe('/wallet', () => {
  it('shows a skeleton while loading', () => {
    fake.on(walletPaths.wallet, reply.pending);
    renderScreen(WalletScreen, '/wallet');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
  });

  it('shows the balances, this month and the entries', async () => {
    fake.on(walletPaths.wallet, () => wallet);
    renderScreen(WalletScreen, '/wallet');
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('240.00');
    expect(screen.getByTestId('wallet-available').textContent).toBe('130.00');
    expect(screen.getByTestId('wallet-frozen').textContent).toBe('10.00');
    // The deposit is the user's money, held (issue 10 E.4).
    expect(screen.getByTestId('wallet-deposit').textContent).toBe('100.00');
    expect(screen.getByText(/保证金：.*不计入收支/)).toBeTruthy();
    expect(screen.getByText(/冻结金额：/).textContent).not.toContain('押金');
    expect(screen.getByText('+20.00')).toBeTruthy();
    expect(screen.getByText('-40.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '优惠券' }).getAttribute('href')).toBe('/myCoupon');
    expect(screen.getByRole('link', { name: '余额转出' }).getAttribute('href')).toBe('/balanceAction');
  });

  it('says what failed and retries', async () => {
    fake.on(walletPaths.wallet, () => reply.error(1099, '系统繁忙'));
    renderScreen(WalletScreen, '/wallet');
    expect(await screen.findByText('钱包加载失败')).toBeTruthy();
    fake.on(walletPaths.wallet, () => wallet);
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect((await screen.findByTestId('wallet-total')).textContent).toBe('240.00');
  });

  it('sends a visitor to log in and loads nothing', async () => {
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    fake.on(walletPaths.wallet, () => wallet);
    renderScreen(WalletScreen, '/wallet', '/wallet', false);
    expect(await screen.findByTestId('login-required')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2Fwallet', undefined);
    expect(fake.requests).toHaveLength(0);
    unregister();
  });
});

describe('/balanceOperation', () => {
  it('shows the balance overview, the income summary and the income messages', async () => {
    fake
      .on(walletPaths.wallet, () => wallet)
      .on(walletPaths.profit, () => ({ today: '20.00', month: '20.00', total: '25.00' }))
      .on(walletPaths.profitList, () => ({
        list: [
          {
            id: 9,
            type: 'sale_income' as const,
            title: '售出收入到账',
            content: '商品售出收入 20.00 元已存入可用余额',
            amount: '20.00',
            created_at: '2026-11-21T01:00:00Z',
          },
        ],
        total: 1,
        page: 1,
        page_size: 10,
      }));
    renderScreen(BalanceOperationScreen, '/balanceOperation');
    expect((await screen.findByTestId('balance-available')).textContent).toBe('130.00');
    expect(screen.getByTestId('balance-deposit').textContent).toBe('100.00');
    expect(screen.getByTestId('balance-total').textContent).toBe('240.00');
    expect(await screen.findByText('25.00')).toBeTruthy();
    expect(await screen.findByText('商品售出收入 20.00 元已存入可用余额')).toBeTruthy();
    expect(screen.getByText('余额转出')).toBeTruthy();
  });
});

describe('/reconciliate', () => {
  it('shows the monthly statement as a table that ends at the balance', async () => {
    fake.on(walletPaths.billStatement, () => ({
      available: '30.00',
      months: [
        {
          month: '2026-11',
          opening: '150.00',
          income: '20.00',
          expense: '40.00',
          internal: '-100.00',
          closing: '30.00',
          count: 4,
        },
        {
          month: '2026-10',
          opening: '0.00',
          income: '150.00',
          expense: '0.00',
          internal: '0.00',
          closing: '150.00',
          count: 1,
        },
        {
          month: '2026-09',
          opening: '0.00',
          income: '0.00',
          expense: '0.00',
          internal: '0.00',
          closing: '0.00',
          count: 0,
        },
      ],
    }));
    renderScreen(ReconciliateScreen, '/reconciliate');
    const table = await screen.findByRole('table');
    const rows = table.querySelectorAll('tbody tr');
    expect(rows).toHaveLength(3);
    expect(Array.from(rows[0]?.querySelectorAll('th, td') ?? [], (cell) => cell.textContent)).toEqual([
      '26/11',
      '150.00',
      '20.00',
      '40.00',
      '-100.00',
      '30.00',
    ]);
    expect(screen.getByText(/账单与余额一致/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看该月账单：2026年11月' }).getAttribute('href')).toBe(
      '/billList?month=2026-11',
    );
  });

  it('offers a retry when the statement cannot load', async () => {
    fake.on(walletPaths.billStatement, () => reply.error(1099));
    renderScreen(ReconciliateScreen, '/reconciliate');
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
    expect(fake.calls(walletPaths.billStatement)[0]?.url).toBe('/app/user/bill/statement?months=12');
  });
});
