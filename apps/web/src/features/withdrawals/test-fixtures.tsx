import type { ComponentType } from 'react';
import { createMemoryRouter } from 'react-router';
import type { ProcessTimelineEntry, Withdrawal, WithdrawPage } from '@haoshi/contracts';
import { renderRouter } from '@/core/screen-harness.test-support';

export const alipayMethod: WithdrawPage['methods'][number] = {
  id: 3,
  type: 'alipay',
  account_masked: '139****0001',
  holder_name: '*三',
};

export const page: WithdrawPage = {
  available: '100.00',
  frozen: '0.00',
  fee_rule: { rate_bp: 60, min_fee: '1.00', daily_free_quota: '500.00', free_quota_left: '500.00' },
  min_amount: '10.00',
  max_amount: '50000.00',
  daily_max_count: 5,
  daily_max_amount: '100000.00',
  today_count: 0,
  today_amount: '0.00',
  methods: [alipayMethod],
  quick_remit: {
    eligible: false,
    reason: '成功提现过一次后可用',
    rate_bp: 100,
    min_fee: '2.00',
    max_amount: '5000.00',
  },
  rules: ['单笔最低10.00元，最高50000.00元'],
};

export const withdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: 9,
  amount: '50.00',
  fee: '0.00',
  received: '50.00',
  mode: 'normal',
  status: 'pending_review',
  status_text: '待审核',
  method: { type: 'alipay', account_masked: '139****0001', holder_name: '*三' },
  reject_reason: '',
  failure_reason: '',
  created_at: '2026-11-21T02:00:00.000Z',
  updated_at: '2026-11-21T02:00:00.000Z',
  paid_at: null,
  ...overrides,
});

/** The first entry of every withdrawal's timeline: created, waiting for review. */
export const createdTimelineEntry: ProcessTimelineEntry = {
  action: 'create',
  action_label: '创建',
  from: null,
  to: 'pending_review',
  to_label: '待审核',
  actor_role: 'owner',
  reason: '',
  created_at: '2026-11-21T02:00:00.000Z',
};

export function renderScreen(Screen: ComponentType, path: string, url = path) {
  const router = createMemoryRouter(
    [
      { path, element: <Screen /> },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  renderRouter(router);
  return router;
}
