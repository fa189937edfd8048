import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, withdrawalPaths, type StaffWithdrawalDetail } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import FinanceWithdrawDetailScreen from './finance-withdraw-detail-screen';
import FinanceWithdrawListScreen from './finance-withdraw-list-screen';
import { createdTimelineEntry, renderScreen, withdrawal } from './test-fixtures';

const fake = setupFakeApi();
beforeAll(() => Toast.config({ duration: 0 }));

const staffRow = {
  ...withdrawal({ id: 12 }),
  user_id: 4,
  user_phone_masked: '139****0001',
  user_nickname: '号主小王',
  reviewer_note: '',
  actions: ['approve', 'reject'] as ('approve' | 'reject')[],
};
const detail: StaffWithdrawalDetail = {
  ...staffRow,
  timeline: [createdTimelineEntry],
  user_available: '50.00',
  user_frozen: '50.00',
  user_paid_count: 0,
};
const reasons = [
  { code: 'info_mismatch', text: '收款账户信息与实名信息不一致' },
  { code: 'other', text: '其他原因（见备注）' },
];

describe('/financeWithdrawList', () => {
  it('tells a non-finance user they have no access', async () => {
    fake.on(withdrawalPaths.staffList, () =>
      reply.error(ErrorCodes.WITHDRAWAL_STAFF_ONLY, '仅财务人员可以处理提现'),
    );
    renderScreen(FinanceWithdrawListScreen, '/financeWithdrawList');
    expect((await screen.findByTestId('staff-forbidden')).textContent).toContain('没有访问权限');
  });

  it('lists pending withdrawals first and filters by status', async () => {
    fake.on(withdrawalPaths.staffList, () => ({ list: [staffRow], total: 1, page: 1, page_size: 20 }));
    renderScreen(FinanceWithdrawListScreen, '/financeWithdrawList');
    const card = await screen.findByTestId('staff-withdrawal-12');
    expect(card.textContent).toContain('号主小王');
    expect(card.getAttribute('href')).toBe('/financeWithdrawDetail?id=12');
    expect(fake.calls(withdrawalPaths.staffList)[0]?.rawQuery).toEqual({
      page: '1',
      page_size: '20',
      status: 'pending_review',
    });
    fireEvent.click(screen.getByText('已驳回'));
    await waitFor(() =>
      expect(fake.calls(withdrawalPaths.staffList).at(-1)?.rawQuery).toEqual({
        page: '1',
        page_size: '20',
        status: 'rejected',
      }),
    );
  });
});

describe('/financeWithdrawDetail', () => {
  it('approves after confirmation', async () => {
    fake
      .on(withdrawalPaths.staffDetail, () => detail)
      .on(withdrawalPaths.staffHandle, () => ({ ...detail, status: 'paying' as const, actions: [] }));
    renderScreen(FinanceWithdrawDetailScreen, '/financeWithdrawDetail', '/financeWithdrawDetail?id=12');
    fireEvent.click(await screen.findByTestId('staff-approve'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(dialog.textContent).toContain('确认通过并打款 50.00 元？');
    fireEvent.click(within(dialog).getByRole('button', { name: '审核通过' }));
    await waitFor(() =>
      expect(fake.calls(withdrawalPaths.staffHandle).map((call) => call.body)).toEqual([
        { id: 12, action: 'approve' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('staff-detail-status').textContent).toBe('打款中'));
    expect(screen.queryByTestId('staff-approve')).toBeNull();
  });

  it('rejects with a preset reason', async () => {
    fake
      .on(withdrawalPaths.staffDetail, () => detail)
      .on(withdrawalPaths.staffRejectReasons, () => reasons)
      .on(withdrawalPaths.staffHandle, () => ({
        ...detail,
        status: 'rejected' as const,
        actions: [],
        reject_reason: reasons[0]?.text ?? '',
      }));
    renderScreen(FinanceWithdrawDetailScreen, '/financeWithdrawDetail', '/financeWithdrawDetail?id=12');
    fireEvent.click(await screen.findByTestId('staff-reject'));
    const confirmReject = await screen.findByTestId('staff-reject-confirm');
    expect(confirmReject.hasAttribute('disabled')).toBe(true);
    fireEvent.click(await screen.findByText('收款账户信息与实名信息不一致'));
    fireEvent.click(screen.getByTestId('staff-reject-confirm'));
    await waitFor(() =>
      expect(fake.calls(withdrawalPaths.staffHandle).map((call) => call.body)).toEqual([
        { id: 12, action: 'reject', reason_code: 'info_mismatch', remark: '' },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('staff-detail-status').textContent).toBe('已驳回'));
  });
});
