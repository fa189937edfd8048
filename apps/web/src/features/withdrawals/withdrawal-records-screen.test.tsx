import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ErrorCodes } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import type * as HttpClient from '@/core/http/client';
import RemitDetailScreen from './remit-detail-screen';
import { answer, createdTimelineEntry, okEnvelope, refusal, renderScreen, withdrawal } from './test-fixtures';
import WithdrawalRecordsScreen from './withdrawal-records-screen';
import WithdrawalScreen from './withdrawal-screen';
import { page } from './test-fixtures';

vi.mock('@/core/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpClient>();
  return { ...actual, http: { get: vi.fn(), post: vi.fn() } };
});

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => vi.clearAllMocks());

const pageOf = <T,>(list: T[]) => okEnvelope({ list, total: list.length, page: 1, page_size: 20 });

describe('/withdrawalRecords', () => {
  it('says what to do when there are no records', async () => {
    answer({ get: { '/app/user/withdraw/list': pageOf([]) } });
    renderScreen(WithdrawalRecordsScreen, '/withdrawalRecords');
    expect((await screen.findByTestId('withdrawals-empty')).textContent).toContain('暂无提现记录');
  });

  it('lists withdrawals with status chips, filters by status and cancels a pending one', async () => {
    answer({
      get: {
        '/app/user/withdraw/list': pageOf([
          withdrawal({ id: 1 }),
          withdrawal({ id: 2, status: 'paid', status_text: '已到账' }),
          withdrawal({ id: 3, status: 'rejected', reject_reason: '收款账户异常' }),
        ]),
      },
      post: {
        '/app/user/withdrawal/cancel': okEnvelope(withdrawal({ id: 1, status: 'cancelled' })),
      },
    });
    renderScreen(WithdrawalRecordsScreen, '/withdrawalRecords');
    const statuses = await screen.findAllByTestId('withdrawal-status');
    expect(statuses.map((tag) => tag.textContent)).toEqual(['待审核', '已到账', '已驳回']);
    expect(screen.getByText(/收款账户异常/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '取消提现' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: '取消提现' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '取消提现' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/app/user/withdrawal/cancel',
        { id: 1 },
        { headers: { 'Idempotency-Key': 'cancel-1' } },
      ),
    );
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull(), { timeout: 5000 });

    fireEvent.click(screen.getByText('已到账', { selector: '.adm-capsule-tabs-tab' }));
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith('/app/user/withdraw/list', {
        page: 1,
        page_size: 20,
        status: 'paid',
      }),
    );
  });
});

describe('/remitDetail', () => {
  it('shows the progress of a paid withdrawal', async () => {
    answer({
      get: {
        '/app/user/withdraw/detail': okEnvelope({
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
              actor_role: 'finance',
              reason: '',
              created_at: '2026-11-21T02:01:00.000Z',
            },
            {
              action: 'pay',
              action_label: '提交打款',
              from: 'approved',
              to: 'paying',
              to_label: '打款中',
              actor_role: 'system',
              reason: '',
              created_at: '2026-11-21T02:01:00.000Z',
            },
            {
              action: 'succeed',
              action_label: '打款成功',
              from: 'paying',
              to: 'paid',
              to_label: '已到账',
              actor_role: 'system',
              reason: '',
              created_at: '2026-11-21T02:05:00.000Z',
            },
          ],
        }),
      },
    });
    renderScreen(RemitDetailScreen, '/remitDetail', '/remitDetail?id=9');
    expect((await screen.findByTestId('withdrawal-detail-status')).textContent).toBe('已到账');
    expect(screen.getByText('打款中')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '取消提现' })).toBeNull();
    expect(http.get).toHaveBeenCalledWith('/app/user/withdraw/detail', { id: 9 });
  });

  it("says the record does not exist (another user's id)", async () => {
    answer({
      get: { '/app/user/withdraw/detail': refusal(ErrorCodes.WITHDRAWAL_NOT_FOUND, '提现记录不存在') },
    });
    renderScreen(RemitDetailScreen, '/remitDetail', '/remitDetail?id=77');
    expect(await screen.findByTestId('withdrawal-not-found')).toBeTruthy();
  });
});

describe('/withdrawal', () => {
  it('shows the balance, today usage and the applications in progress', async () => {
    answer({
      get: {
        '/app/user/withdraw/page': okEnvelope({ ...page, today_count: 1, today_amount: '50.00' }),
        '/app/user/withdraw/list': pageOf([withdrawal({ id: 5 }), withdrawal({ id: 6, status: 'paid' })]),
      },
    });
    const router = renderScreen(WithdrawalScreen, '/withdrawal');
    expect(await screen.findByText('今日已提现 1/5 次，共 50.00 元')).toBeTruthy();
    expect(await screen.findByTestId('withdrawal-5')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-6')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去提现' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/withdrawDeposit'));
  });
});
