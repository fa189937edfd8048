import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { walletPaths, type BillDetail, type BillItem, type BillList } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import BillDetailScreen from './bill-detail-screen';
import BillListScreen from './bill-list-screen';
import { renderScreen } from './wallet.test-support';

const fake = setupFakeApi();

const bill = (id: number, month: string, amount: string, title: string): BillItem => ({
  id,
  type: amount.startsWith('-') ? 'purchase' : 'recharge',
  type_label: amount.startsWith('-') ? '购买' : '充值',
  direction: amount.startsWith('-') ? 'out' : 'in',
  flow: amount.startsWith('-') ? 'expense' : 'income',
  amount,
  title,
  created_at: `${month}-10T02:00:00Z`,
  month,
});

const list: BillList = {
  list: [
    bill(5, '2026-11', '-30.00', '购买商品'),
    bill(4, '2026-11', '20.00', '余额充值'),
    bill(2, '2026-10', '50.00', '余额充值'),
  ],
  total: 3,
  page: 1,
  page_size: 20,
  months: [
    { month: '2026-11', income: '20.00', expense: '30.00', count: 2 },
    { month: '2026-10', income: '50.00', expense: '0.00', count: 1 },
  ],
};

describe('/billList', () => {
  it('shows a chart with a table fallback and the bills grouped by month with their totals', async () => {
    fake.on(walletPaths.bill, () => list);
    renderScreen(BillListScreen, '/billList');
    const chart = await screen.findByTestId('money-chart');
    expect(chart.getAttribute('aria-label')).toContain('2026年11月 收入20.00元 支出30.00元');
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: '2026年10月' })).toBeTruthy();

    const november = screen.getByRole('region', { name: '2026年11月' });
    expect(within(november).getByTestId('month-totals-2026-11').textContent).toBe(
      '收入 ¥20.00 · 支出 ¥30.00',
    );
    expect(
      within(november)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/billDetail?id=5', '/billDetail?id=4']);
    expect(within(november).getByText('-30.00')).toBeTruthy();
    expect(within(november).getByText('+20.00')).toBeTruthy();
    expect(screen.getByRole('region', { name: '2026年10月' })).toBeTruthy();
  });

  it('shows a deposit payment as 不计收支, in neither colour (issue 10 E.4)', async () => {
    const deposit: BillItem = {
      ...bill(7, '2026-11', '-100.00', '缴纳保证金'),
      type: 'deposit',
      type_label: '保证金',
      flow: 'internal',
    };
    fake.on(walletPaths.bill, () => ({ ...list, list: [deposit, ...list.list], total: 4 }));
    renderScreen(BillListScreen, '/billList');
    const row = (await screen.findByText('缴纳保证金')).closest('a') as HTMLElement;
    expect(within(row).getByText(/保证金 · 不计收支 ·/)).toBeTruthy();
    expect(within(row).getByText('-100.00').className).toContain('amount-internal');
    expect(within(row).getByText('-100.00').className).not.toContain('amount-out');
  });

  it('reads the filter from the address and sends it', async () => {
    fake.on(walletPaths.bill, () => ({ ...list, list: list.list.slice(2), total: 1 }));
    renderScreen(BillListScreen, '/billList', '/billList?type=recharge&month=2026-10');
    await screen.findByRole('region', { name: '2026年10月' });
    expect(fake.calls(walletPaths.bill).map((call) => call.rawQuery)).toEqual([
      { page: '1', page_size: '20', type: 'recharge', month: '2026-10' },
    ]);
    expect(screen.getByRole('button', { name: /充值/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /2026年10月/ })).toBeTruthy();
    // One month is chosen: its totals head the list, no chart.
    expect(screen.queryByTestId('money-chart')).toBeNull();
  });

  it('says when a filter finds nothing and clears it', async () => {
    fake.on(walletPaths.bill, ({ query }) =>
      query.type ? { list: [], total: 0, page: 1, page_size: 20, months: [] } : list,
    );
    const router = renderScreen(BillListScreen, '/billList', '/billList?type=refund');
    expect(await screen.findByText('当前筛选条件下没有账单，换个类型或月份看看。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '查看全部账单' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('money-chart')).toBeTruthy();
  });

  it('sends a user without bills to recharge', async () => {
    fake.on(walletPaths.bill, () => ({ list: [], total: 0, page: 1, page_size: 20, months: [] }));
    renderScreen(BillListScreen, '/billList');
    fireEvent.click(await screen.findByRole('button', { name: '去充值' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('shows a skeleton, then an error with a retry', async () => {
    fake.on(walletPaths.bill, reply.pending);
    renderScreen(BillListScreen, '/billList');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    fake.on(walletPaths.bill, () => reply.error(1099));
    renderScreen(BillListScreen, '/billList');
    expect(await screen.findByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});

const detail: BillDetail = {
  ...bill(12, '2026-11', '-12.34', '转账给 李*'),
  type: 'transfer_out',
  type_label: '转出',
  kind: 'wallet.transfer',
  counterparty: '李*（139****0002）',
  reference: { type: 'wallet_transfer', id: '7:abc' },
  reference_no: '7:abc',
  remark: '游戏币',
};

describe('/billDetail', () => {
  it('shows amount, type, time, counterparty, remark and reference', async () => {
    fake.on(walletPaths.billDetail, () => detail);
    renderScreen(BillDetailScreen, '/billDetail', '/billDetail?id=12');
    expect((await screen.findByTestId('bill-amount')).textContent).toBe('-12.34');
    for (const text of ['转出', '李*（139****0002）', '游戏币', '7:abc', '2026-11-10 10:00:00']) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    expect(fake.calls(walletPaths.billDetail).map((call) => call.url)).toEqual([
      '/app/user/bill_detail?id=12',
    ]);
  });

  it('says a deposit return is a move of the user’s own money (issue 10 E.4)', async () => {
    fake.on(
      walletPaths.billDetail,
      () =>
        ({
          ...detail,
          ...bill(13, '2026-11', '100.00', '保证金退回'),
          type: 'deposit',
          type_label: '保证金',
          flow: 'internal',
          kind: 'sincerity.release',
          counterparty: '平台保证金账户',
        }) satisfies BillDetail,
    );
    renderScreen(BillDetailScreen, '/billDetail', '/billDetail?id=13');
    const amount = await screen.findByTestId('bill-amount');
    expect(amount.textContent).toBe('+100.00');
    expect(amount.className).toBe('amount-internal');
    expect(screen.getByText('保证金的缴纳与退还是你自己资金的划转，不计入收入和支出')).toBeTruthy();
  });

  it('tells that a bill of someone else (4006) or a bad id does not exist', async () => {
    fake.on(walletPaths.billDetail, () => reply.error(4006, '账单不存在'));
    renderScreen(BillDetailScreen, '/billDetail', '/billDetail?id=99');
    expect(await screen.findByTestId('bill-missing')).toBeTruthy();
  });

  it('asks nothing of the server without an id', () => {
    renderScreen(BillDetailScreen, '/billDetail', '/billDetail?id=abc');
    expect(screen.getByText('缺少账单编号')).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });
});
