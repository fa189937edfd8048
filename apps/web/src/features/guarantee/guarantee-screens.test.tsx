import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  claimPaths,
  ErrorCodes,
  errorMessages,
  guaranteePaths,
  guaranteePlans,
  resellPaths,
  type ClaimDetail,
  type ClaimListItem,
  type OrderPlan,
} from '@haoshi/contracts';
import { goodsCard } from '@/core/goods-fixtures.test-support';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import AccOrderOfficialGuaranteeScreen from './acc-order-official-guarantee-screen';
import OfficialGuaranteeScreen from './official-guarantee-screen';
import OfflineOrderDataScreen from './offline-order-data-screen';
import OfflineOrderHandleScreen from './offline-order-handle-screen';
import OfflineRetrievalDetailsScreen from './offline-retrieval-details-screen';
import OfflineRetrievalListScreen from './offline-retrieval-list-screen';
import ResellListScreen from './resell-list-screen';
import { amountWithinCap } from './review-panel';

vi.mock('@/ui/api/upload-evidence', () => ({
  uploadEvidence: (file: File) =>
    Promise.resolve({ key: `uploads/dispute/${file.name}`, url: `/uploads/dispute/${file.name}` }),
}));

const fake = setupFakeApi();
const ORDER = 'O20261121100000123456';
const CLAIM = 'C20261201100000654321';
const goods = goodsCard(7, { title: '王者荣耀 V10 全皮肤' });
const [basicPlan] = guaranteePlans(10_000).plans;
if (!basicPlan) throw new Error('no plan');

const item = (overrides: Partial<ClaimListItem> = {}): ClaimListItem => ({
  claim_no: CLAIM,
  order_no: ORDER,
  goods,
  state: 'submitted',
  state_label: '待审核',
  plan_name: '基础包赔',
  max_compensation: '100.00',
  compensation: null,
  created_at: '2026-12-01T02:00:00.000Z',
  ...overrides,
});

const claim = (overrides: Partial<ClaimDetail> = {}): ClaimDetail => ({
  ...item(),
  viewer_role: 'buyer',
  plan: basicPlan,
  price: '100.00',
  description: '账号被原卖家申诉找回',
  images: ['/uploads/dispute/a.png'],
  seller_charged: null,
  compensated_at: null,
  supplement_deadline: null,
  actions: ['withdraw'],
  timeline: [
    {
      action: 'create',
      action_label: 'create',
      from: null,
      to: 'submitted',
      to_label: '待审核',
      actor_role: 'owner',
      reason: '账号被原卖家申诉找回',
      created_at: '2026-12-01T02:00:00.000Z',
    },
  ],
  ...overrides,
});

const plan = (overrides: Partial<OrderPlan> = {}): OrderPlan => ({
  order_no: ORDER,
  goods,
  price: '100.00',
  viewer_role: 'buyer',
  refunded: '0.00',
  plan: basicPlan,
  status: 'in_force',
  status_label: '保障中',
  completed_at: '2026-11-21T02:00:00.000Z',
  covered_until: '2027-02-19T02:00:00.000Z',
  remaining_seconds: 80 * 86_400 + 5 * 3600,
  can_claim: true,
  reason: '',
  claims: [],
  ...overrides,
});

afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('/officialGuarantee', () => {
  it('compares the plans in one table and prices them for a deal price', async () => {
    // The query as the server reads it: the price in fen.
    fake.on(guaranteePaths.plans, ({ query }) => guaranteePlans(query.price ?? null));
    renderScreen('/officialGuarantee', <OfficialGuaranteeScreen />);
    const table = await screen.findByTestId('plans-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['方案', '基础包赔', '一年包赔', '终身包赔']);
    expect(within(table).getByText('终身')).toBeTruthy();
    expect(within(table).queryByText('最高赔付')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '成交价（元）' }), { target: { value: '300' } });
    fireEvent.click(screen.getByRole('button', { name: '计算' }));
    expect(await screen.findByText('最高赔付')).toBeTruthy();
    expect(fake.calls(guaranteePaths.plans).at(-1)?.rawQuery.price).toBe('300.00');
    expect(within(screen.getByTestId('plans-table')).getAllByText('¥300.00')).toHaveLength(3);
    expect(within(screen.getByTestId('plans-table')).getByText('¥9.00')).toBeTruthy();
  });
});

describe('/accOrderOfficialGuarantee', () => {
  it("shows the order's cover and time left, and files a claim with evidence", async () => {
    setAuthorization('t');
    fake.on(guaranteePaths.orderPlan, () => plan()).on(claimPaths.file, () => claim());
    const { router } = renderScreen('/accOrderOfficialGuarantee', <AccOrderOfficialGuaranteeScreen />, {
      url: `/accOrderOfficialGuarantee?order_no=${ORDER}`,
      otherPaths: ['/offlineRetrievalDetails'],
    });
    expect((await screen.findByTestId('plan-status')).textContent).toBe('保障中');
    expect(screen.getByTestId('plan-remaining').textContent).toBe('80天5小时');
    const form = screen.getByTestId('file-claim-form');
    const submit = within(form).getByRole('button', { name: '提交找回申请' });
    fireEvent.change(within(form).getByPlaceholderText(/请描述账号被找回的经过/), {
      target: { value: '账号被原卖家申诉找回，登录提示密码错误' },
    });
    expect(submit.hasAttribute('disabled')).toBe(true);
    const input = form.querySelector('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'found.png', { type: 'image/png' })] } });
    await waitFor(() => expect(submit.hasAttribute('disabled')).toBe(false));
    fireEvent.click(submit);
    await waitFor(() => expect(fake.calls(claimPaths.file)).toHaveLength(1));
    const [call] = fake.calls(claimPaths.file);
    expect(call?.body).toEqual({
      order_no: ORDER,
      description: '账号被原卖家申诉找回，登录提示密码错误',
      images: ['uploads/dispute/found.png'],
    });
    expect(call?.config.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(router.state.location.search).toBe(`?claim_no=${CLAIM}`));
  });

  it("shows what a split refunded and the server's cap for the rest; with nothing left, says why", async () => {
    setAuthorization('t');
    fake.on(guaranteePaths.orderPlan, () =>
      plan({ refunded: '90.00', plan: { ...basicPlan, max_compensation: '10.00' } }),
    );
    renderScreen('/accOrderOfficialGuarantee', <AccOrderOfficialGuaranteeScreen />, {
      url: `/accOrderOfficialGuarantee?order_no=${ORDER}`,
    });
    const facts = await screen.findByTestId('order-plan');
    const valueOf = (label: string) => within(facts).getByText(label).nextElementSibling?.textContent;
    expect(valueOf('售后已退还')).toBe('¥90.00');
    expect(valueOf('最高赔付')).toBe('¥10.00');
    expect(screen.getByTestId('file-claim-form')).toBeTruthy();
    cleanup();

    const reason = errorMessages[ErrorCodes.CLAIM_NOTHING_COVERED];
    fake.on(guaranteePaths.orderPlan, () =>
      plan({
        refunded: '101.00',
        plan: { ...basicPlan, max_compensation: '0.00' },
        can_claim: false,
        reason,
      }),
    );
    renderScreen('/accOrderOfficialGuarantee', <AccOrderOfficialGuaranteeScreen />, {
      url: `/accOrderOfficialGuarantee?order_no=${ORDER}`,
    });
    expect(await screen.findByText(reason)).toBeTruthy();
    expect(screen.queryByTestId('file-claim-form')).toBeNull();
  });

  it('shows no refund line without a split', async () => {
    setAuthorization('t');
    fake.on(guaranteePaths.orderPlan, () => plan());
    renderScreen('/accOrderOfficialGuarantee', <AccOrderOfficialGuaranteeScreen />, {
      url: `/accOrderOfficialGuarantee?order_no=${ORDER}`,
    });
    const facts = await screen.findByTestId('order-plan');
    expect(within(facts).getByText('最高赔付').nextElementSibling?.textContent).toBe('¥100.00');
    expect(within(facts).queryByText('售后已退还')).toBeNull();
  });

  it('says why a lapsed plan cannot be claimed', async () => {
    setAuthorization('t');
    fake.on(guaranteePaths.orderPlan, () =>
      plan({
        status: 'lapsed',
        status_label: '已过保障期',
        remaining_seconds: null,
        can_claim: false,
        reason: '包赔保障已过期，不能申请找回赔付',
      }),
    );
    renderScreen('/accOrderOfficialGuarantee', <AccOrderOfficialGuaranteeScreen />, {
      url: `/accOrderOfficialGuarantee?order_no=${ORDER}`,
    });
    expect(await screen.findByText('包赔保障已过期，不能申请找回赔付')).toBeTruthy();
    expect(screen.queryByTestId('file-claim-form')).toBeNull();
    expect(screen.queryByTestId('plan-remaining')).toBeNull();
  });
});

describe('/offlineRetrievalList and /offlineRetrievalDetails', () => {
  it('lists the claims, or says how to file one', async () => {
    setAuthorization('t');
    fake.on(claimPaths.mine, () => ({ list: [], total: 0, page: 1, page_size: 20 }));
    renderScreen('/offlineRetrievalList', <OfflineRetrievalListScreen />);
    expect(await screen.findByTestId('claims-empty')).toBeTruthy();
    cleanup();
    fake.on(claimPaths.mine, () => ({
      list: [item({ state: 'compensated', state_label: '已赔付', compensation: '100.00' })],
      total: 1,
      page: 1,
      page_size: 20,
    }));
    renderScreen('/offlineRetrievalList', <OfflineRetrievalListScreen />);
    const row = await screen.findByTestId('claim-item');
    expect(row.textContent).toContain('赔付¥100.00');
    expect(row.textContent).toContain('已赔付');
  });

  it('shows the timeline; the buyer supplements when asked', async () => {
    setAuthorization('t');
    const asked = claim({
      state: 'info_requested',
      state_label: '待补充材料',
      // Seven days after the request, two days and three hours from now.
      supplement_deadline: new Date(Date.now() + (2 * 86_400 + 3 * 3600 + 30) * 1000).toISOString(),
      timeline: [
        ...claim().timeline,
        {
          action: 'request_info',
          action_label: '要求补充材料',
          from: 'submitted',
          to: 'info_requested',
          to_label: '待补充材料',
          actor_role: 'customer_service',
          reason: '请补充官方找回邮件截图',
          created_at: '2026-12-01T03:00:00.000Z',
        },
      ],
    });
    fake.on(claimPaths.detail, () => asked).on(claimPaths.supplement, () => claim());
    renderScreen('/offlineRetrievalDetails', <OfflineRetrievalDetailsScreen />, {
      url: `/offlineRetrievalDetails?claim_no=${CLAIM}`,
    });
    expect(await screen.findByText(/请补充官方找回邮件截图/)).toBeTruthy();
    expect(screen.getByText('提交申请')).toBeTruthy();
    expect(screen.getByTestId('supplement-deadline').textContent).toContain('请在 2天3小时 内补充材料');
    const form = screen.getByTestId('supplement-form');
    fireEvent.change(within(form).getByPlaceholderText(/按客服要求补充说明/), {
      target: { value: '已补充邮件截图' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '提交补充材料' }));
    await waitFor(() =>
      expect(fake.calls(claimPaths.supplement).map((call) => call.body)).toEqual([
        { claim_no: CLAIM, description: '已补充邮件截图', images: [] },
      ]),
    );
  });
});

describe('/offlineOrderHandle and /offlineOrderData (customer service)', () => {
  it('accepts within the cap only, then pays after a confirmation', async () => {
    setAuthorization('t');
    const submitted = claim({
      viewer_role: 'customer_service',
      actions: ['request_info', 'accept', 'reject'],
    });
    const accepted = claim({
      viewer_role: 'customer_service',
      state: 'accepted',
      state_label: '已受理，待赔付',
      compensation: '80.00',
      actions: ['compensate'],
    });
    let current = submitted;
    fake
      .on(claimPaths.detail, () => current)
      .on(claimPaths.review, () => {
        current = accepted;
        return accepted;
      })
      .on(claimPaths.compensate, () => claim({ ...accepted, state: 'compensated', actions: [] }));
    renderScreen('/offlineOrderHandle', <OfflineOrderHandleScreen />, {
      url: `/offlineOrderHandle?claim_no=${CLAIM}`,
    });
    const panel = await screen.findByTestId('review-panel');
    fireEvent.click(within(panel).getByText('审核通过'));
    const amount = within(panel).getByRole('textbox', { name: '赔付金额（元）' });
    fireEvent.change(amount, { target: { value: '100.01' } });
    fireEvent.change(within(panel).getByPlaceholderText(/处理理由/), {
      target: { value: '核实为原卖家找回' },
    });
    const send = within(panel).getByRole('button', { name: '提交处理' });
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.change(amount, { target: { value: '80' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(fake.calls(claimPaths.review).map((call) => call.body)).toEqual([
        { claim_no: CLAIM, action: 'accept', reason: '核实为原卖家找回', amount: '80' },
      ]),
    );
    const pay = await screen.findByRole('button', { name: '确认赔付 ¥80.00' });
    fireEvent.click(pay);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(fake.calls(claimPaths.compensate)).toHaveLength(1));
    expect(fake.calls(claimPaths.compensate)[0]?.config.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('shows the queue, and the figures as a table', async () => {
    setAuthorization('t');
    fake
      .on(claimPaths.staffList, () => ({ list: [item()], total: 1, page: 1, page_size: 20 }))
      .on(claimPaths.data, () => ({
        rows: [
          {
            key: 'basic',
            label: '基础包赔',
            filed: 3,
            open: 1,
            rejected: 1,
            withdrawn: 0,
            closed: 0,
            compensated: 1,
            compensation: '100.00',
            seller_charged: '100.00',
          },
          {
            key: 'all',
            label: '合计',
            filed: 3,
            open: 1,
            rejected: 1,
            withdrawn: 0,
            closed: 0,
            compensated: 1,
            compensation: '100.00',
            seller_charged: '100.00',
          },
        ],
        pool_balance: '200000.00',
      }));
    renderScreen('/offlineOrderHandle', <OfflineOrderHandleScreen />);
    expect((await screen.findByTestId('claim-item')).textContent).toContain('上限¥100.00');
    cleanup();
    renderScreen('/offlineOrderData', <OfflineOrderDataScreen />);
    const table = await screen.findByTestId('claim-data-table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('rowheader', { name: '合计' })).toBeTruthy();
    expect(screen.getByTestId('pool-balance').textContent).toBe('¥200000.00');
  });

  it('checks an amount against the cap', () => {
    expect(amountWithinCap('100', '100.00')).toBe(true);
    expect(amountWithinCap('100.01', '100.00')).toBe(false);
    expect(amountWithinCap('0', '100.00')).toBe(false);
    expect(amountWithinCap('abc', '100.00')).toBe(false);
  });
});

describe('/resellList', () => {
  it('lists kept purchases; 转卖 opens the publish flow the server names', async () => {
    setAuthorization('t');
    fake.on(resellPaths.list, () => ({
      list: [
        {
          order_no: ORDER,
          goods,
          price: '100.00',
          completed_at: '2026-11-21T02:00:00.000Z',
          publish_path: `/publishGoods?resell=${ORDER}`,
        },
      ],
      total: 1,
      page: 1,
      page_size: 20,
    }));
    const { router } = renderScreen('/resellList', <ResellListScreen />, { otherPaths: ['/publishGoods'] });
    const row = await screen.findByTestId('resell-item');
    expect(row.textContent).toContain('买入价 ¥100.00');
    fireEvent.click(within(row).getByRole('button', { name: '转卖' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/publishGoods'));
    expect(router.state.location.search).toBe(`?resell=${ORDER}`);
  });
});
