import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, withdrawalPaths } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import RemitDetailScreen from './remit-detail-screen';
import { createdTimelineEntry, page, renderScreen, withdrawal } from './test-fixtures';
import WithdrawalRecordsScreen from './withdrawal-records-screen';
import WithdrawalScreen from './withdrawal-screen';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));

const pageOf = <T,>(list: T[]) => ({ list, total: list.length, page: 1, page_size: 20 });

describe('/withdrawalRecords', () => {
  it('says what to do when there are no records', async () => {
    fake.on(withdrawalPaths.list, () => pageOf([]));
    renderScreen(WithdrawalRecordsScreen, '/withdrawalRecords');
    expect((await screen.findByTestId('withdrawals-empty')).textContent).toContain('暂无提现记录');
  });

  it('lists withdrawals with status chips, filters by status and cancels a pending one', async () => {
    fake
      .on(withdrawalPaths.list, () =>
        pageOf([
          withdrawal({ id: 1 }),
          withdrawal({ id: 2, status: 'paid', status_text: '已到账' }),
          withdrawal({ id: 3, status: 'rejected', reject_reason: '收款账户异常' }),
        ]),
      )
      .on(withdrawalPaths.cancel, () => withdrawal({ id: 1, status: 'cancelled' }));
    renderScreen(WithdrawalRecordsScreen, '/withdrawalRecords');
    const statuses = await screen.findAllByTestId('withdrawal-status');
    expect(statuses.map((tag) => tag.textContent)).toEqual(['待审核', '已到账', '已驳回']);
    expect(screen.getByText(/收款账户异常/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '取消提现' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '取消提现' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消提现' }));
    await waitFor(() => expect(fake.calls(withdrawalPaths.cancel)).toHaveLength(1));
    const [cancel] = fake.calls(withdrawalPaths.cancel);
    expect(cancel?.body).toEqual({ id: 1 });
    expect(cancel?.config.headers['Idempotency-Key']).toBe('cancel-1');
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });

    fireEvent.click(screen.getByText('已到账', { selector: '.adm-capsule-tabs-tab' }));
    await waitFor(() =>
      expect(fake.calls(withdrawalPaths.list).at(-1)?.rawQuery).toEqual({
        page: '1',
        page_size: '20',
        status: 'paid',
      }),
    );
  });
});

describe('/remitDetail', () => {
  it('shows the progress of a paid withdrawal', async () => {
    fake.on(withdrawalPaths.detail, () => ({
      ...withdrawal({
        status: 'paid',
        status_text: '已到账',
        paid_at: '2026-11-21T02:05:00.000Z',
      }),
      arrival: '预计1个工作日内到账（需人工审核）',
      timeline: [
        createdTimelineEntry,
        {
          action: 'approve',
          action_label: '审核通过',
          from: 'pending_review',
          to: 'approved',
          to_label: '已通过',
          actor_role: 'finance' as const,
          reason: '',
          created_at: '2026-11-21T02:01:00.000Z',
        },
        {
          action: 'pay',
          action_label: '提交打款',
          from: 'approved',
          to: 'paying',
          to_label: '打款中',
          actor_role: 'system' as const,
          reason: '',
          created_at: '2026-11-21T02:01:00.000Z',
        },
        {
          action: 'succeed',
          action_label: '打款成功',
          from: 'paying',
          to: 'paid',
          to_label: '已到账',
          actor_role: 'system' as const,
          reason: '',
          created_at: '2026-11-21T02:05:00.000Z',
        },
      ],
    }));
    renderScreen(RemitDetailScreen, '/remitDetail', '/remitDetail?id=9');
    expect((await screen.findByTestId('withdrawal-detail-status')).textContent).toBe('已到账');
    expect(screen.getByText('打款中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消提现' })).toBeNull();
    expect(fake.calls(withdrawalPaths.detail).map((call) => call.url)).toEqual([
      '/app/user/withdraw/detail?id=9',
    ]);
  });

  it("says the record does not exist (another user's id)", async () => {
    fake.on(withdrawalPaths.detail, () => reply.error(ErrorCodes.WITHDRAWAL_NOT_FOUND, '提现记录不存在'));
    renderScreen(RemitDetailScreen, '/remitDetail', '/remitDetail?id=77');
    expect(await screen.findByTestId('withdrawal-not-found')).toBeTruthy();
  });
});

describe('/withdrawal', () => {
  it('shows the balance, today usage and the applications in progress', async () => {
    fake
      .on(withdrawalPaths.page, () => ({ ...page, today_count: 1, today_amount: '50.00' }))
      .on(withdrawalPaths.list, () => pageOf([withdrawal({ id: 5 }), withdrawal({ id: 6, status: 'paid' })]));
    const router = renderScreen(WithdrawalScreen, '/withdrawal');
    expect(await screen.findByText('今日已提现 1/5 次，共 50.00 元')).toBeTruthy();
    expect(await screen.findByTestId('withdrawal-5')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-6')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去提现' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdrawDeposit'));
  });
});
