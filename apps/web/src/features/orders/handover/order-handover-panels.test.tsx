import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderHandoverPaths, type OrderHandover, type RebindingStep, type Urge } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import { OrderHandoverPanels } from './order-handover-panels';
import UserUrgentScreen from './user-urgent-screen';
import { VideoUploader } from './verification-panel';

const fake = setupFakeApi();
const ORDER = 'O20261121100000123456';
const AT = '2026-11-21T02:00:00.000Z';

const step = (
  key: string,
  label: string,
  required: boolean,
  extra: Partial<RebindingStep> = {},
): RebindingStep => ({
  key,
  label,
  hint: `${label}说明`,
  required,
  seller_done_at: null,
  seller_note: '',
  confirmed_at: null,
  ...extra,
});

function panel(overrides: Partial<OrderHandover> = {}): OrderHandover {
  return {
    order_no: ORDER,
    state: 'verifying',
    role: 'buyer',
    credentials: { submitted: true, submitted_at: AT, account_masked: 'pla****345', can_reveal: true },
    reveal_log: [],
    videos: [],
    rebinding: [],
    urges: [],
    urges_left_today: 3,
    damages: null,
    mismatch_reason: null,
    ...overrides,
  };
}

const urge: Urge = {
  id: 1,
  order_no: ORDER,
  goods_title: '王者荣耀 V10 全英雄',
  state: 'paid',
  state_label: '待发货',
  from_role: 'buyer',
  to_role: 'seller',
  mine: false,
  note: '请尽快发货',
  at: AT,
};

function show(data: OrderHandover) {
  fake.on(orderHandoverPaths.handover, () => data);
  return renderScreen('/order_detail', <OrderHandoverPanels orderNo={ORDER} />);
}

/** A hand-over call answering `next`: the panels' own refetch then answers it too, as the server would. */
type HandoverCall =
  | typeof orderHandoverPaths.submitAccount
  | typeof orderHandoverPaths.verify
  | typeof orderHandoverPaths.rebindingConfirm
  | typeof orderHandoverPaths.rebindingSellerDone;
function answerWith(path: HandoverCall, next: OrderHandover) {
  fake.on(orderHandoverPaths.handover, () => next);
  fake.on('POST', path, () => next);
}

async function confirmDialog(name: string | RegExp = '确定') {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name }));
}

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('credentials card', () => {
  it('shows the account masked, reveals on 查看 (one logged request) and copies', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show(panel());
    expect((await screen.findByTestId('credential-游戏账号')).textContent).toBe('pla****345');
    expect(screen.getByTestId('credential-登录密码').textContent).toBe('••••••••');
    expect(screen.getByText('还没有人查看过账号信息')).toBeTruthy();
    expect(fake.calls(orderHandoverPaths.revealAccount)).toHaveLength(0);

    fake.on(orderHandoverPaths.revealAccount, () => ({
      account: 'player_8812345',
      password: 'S3cret-pass!',
      security: '',
      note: '',
      submitted_at: AT,
    }));
    fake.on(orderHandoverPaths.handover, () =>
      panel({ reveal_log: [{ role: 'buyer', viewer: '买家', ip: '10.0.0.*', at: AT }] }),
    );
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    await waitFor(() => expect(screen.getByTestId('credential-登录密码').textContent).toBe('S3cret-pass!'));
    expect(fake.calls(orderHandoverPaths.revealAccount)[0]?.query).toEqual({ order_no: ORDER });
    expect(await screen.findByText(/买家 · IP 10\.0\.0\.\*/)).toBeTruthy();

    const passwordRow = screen.getByTestId('credential-登录密码').closest('.adm-list-item');
    fireEvent.click(within(passwordRow as HTMLElement).getByRole('button', { name: '复制' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('S3cret-pass!'));
    fireEvent.click(screen.getByRole('button', { name: '隐藏' }));
    expect(screen.getByTestId('credential-登录密码').textContent).toBe('••••••••');
  });

  it('offers no 查看 to the seller and says what to do while nothing is handed over', async () => {
    show(
      panel({
        role: 'seller',
        credentials: { submitted: true, submitted_at: AT, account_masked: 'pla****345', can_reveal: false },
      }),
    );
    expect(await screen.findByTestId('credential-游戏账号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '查看' })).toBeNull();
    cleanup();
    show(
      panel({
        state: 'delivering',
        credentials: { submitted: false, submitted_at: null, account_masked: '', can_reveal: false },
      }),
    );
    expect(await screen.findByText('卖家还未提交账号信息，可催一催卖家。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '催一催' })).toBeTruthy();
  });

  it('shows an error with a retry when the panels cannot load', async () => {
    fake.on(orderHandoverPaths.handover, () => reply.error(1099, '系统繁忙'));
    renderScreen('/order_detail', <OrderHandoverPanels orderNo={ORDER} />);
    expect(await screen.findByText('交付信息加载失败，请检查网络后重试。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('seller hand-over', () => {
  it('submits the login details from the 提交账号 form', async () => {
    show(
      panel({
        state: 'delivering',
        role: 'seller',
        credentials: { submitted: false, submitted_at: null, account_masked: '', can_reveal: false },
      }),
    );
    answerWith(orderHandoverPaths.submitAccount, panel({ role: 'seller' }));
    fireEvent.click(await screen.findByRole('button', { name: '提交账号' }));
    expect(await screen.findByText('请填写游戏账号')).toBeTruthy();
    expect(fake.calls(orderHandoverPaths.submitAccount)).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('游戏账号'), { target: { value: 'player_8812345' } });
    fireEvent.change(screen.getByPlaceholderText('登录密码'), { target: { value: 'S3cret-pass!' } });
    fireEvent.click(screen.getByRole('button', { name: '提交账号' }));
    await waitFor(() => expect(fake.calls(orderHandoverPaths.submitAccount)).toHaveLength(1));
    expect(fake.calls(orderHandoverPaths.submitAccount)[0]?.body).toEqual({
      order_no: ORDER,
      account: 'player_8812345',
      password: 'S3cret-pass!',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: '提交账号' })).toBeNull());
  });
});

describe('verification', () => {
  it('reports a mismatch with a reason, after a confirmation, with an Idempotency-Key', async () => {
    show(panel());
    answerWith(
      orderHandoverPaths.verify,
      panel({ state: 'cancelled_refunded', mismatch_reason: '英雄数量不符' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '与描述不符' }));
    const submit = screen.getByRole('button', { name: '提交不符并退款' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByPlaceholderText('请说明哪里不符（至少4个字）'), {
      target: { value: '英雄数量不符' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交不符并退款' }));
    await confirmDialog();
    await waitFor(() => expect(fake.calls(orderHandoverPaths.verify)).toHaveLength(1));
    const [sent] = fake.calls(orderHandoverPaths.verify);
    expect(sent?.body).toEqual({ order_no: ORDER, verdict: 'mismatch', reason: '英雄数量不符' });
    expect(sent?.config.headers['Idempotency-Key']).toMatch(/^verify-[0-9a-f]{32}$/);
    expect(await screen.findByText('验号不符，已退款：英雄数量不符')).toBeTruthy();
  });

  it('a buyer who has seen the login reports the mismatch to after-sales, told so before confirming', async () => {
    show(panel({ reveal_log: [{ role: 'buyer', viewer: '买家', ip: '10.0.*.*', at: AT }] }));
    answerWith(orderHandoverPaths.verify, panel({ state: 'disputed' }));
    fireEvent.click(await screen.findByRole('button', { name: '与描述不符' }));
    fireEvent.change(screen.getByPlaceholderText('请说明哪里不符（至少4个字）'), {
      target: { value: '英雄数量不符' },
    });
    fireEvent.click(screen.getByRole('button', { name: '提交不符，申请售后' }));
    expect(await screen.findByText(/提交后订单转入售后，由客服核实后处理退款/)).toBeTruthy();
    await confirmDialog();
    await waitFor(() => expect(fake.calls(orderHandoverPaths.verify)).toHaveLength(1));
  });

  it('passes after a confirmation and shows the checklist the answer carries', async () => {
    show(panel());
    answerWith(
      orderHandoverPaths.verify,
      panel({ state: 'rebinding', rebinding: [step('password', '修改登录密码', true)] }),
    );
    fireEvent.click(await screen.findByRole('button', { name: '验号通过' }));
    await confirmDialog();
    expect(await screen.findByTestId('step-password')).toBeTruthy();
    expect(fake.calls(orderHandoverPaths.verify)[0]?.body).toEqual({ order_no: ORDER, verdict: 'pass' });
  });

  it('uploads a verification video with a progress bar, then attaches it', async () => {
    setAuthorization('t');
    fake.on(orderHandoverPaths.video, () =>
      panel({ videos: [{ key: 'order-video/a.mp4', url: '/u/a.mp4', role: 'buyer', at: AT }] }),
    );
    let finish: (value: { ok: true; key: string }) => void = () => undefined;
    const upload = vi.fn((_file: File, onProgress: (percent: number) => void) => {
      onProgress(40);
      return new Promise<{ ok: true; key: string }>((resolve) => {
        finish = resolve;
      });
    });
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <VideoUploader orderNo={ORDER} upload={upload} />
      </QueryClientProvider>,
    );
    const input = screen.getByTestId('video-file-input');
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('仅支持 MP4、WEBM、MOV 格式的视频');
    fireEvent.change(input, { target: { files: [new File(['video'], 'a.mp4', { type: 'video/mp4' })] } });
    expect(await screen.findByText('上传中 40%')).toBeTruthy();
    finish({ ok: true, key: 'order-video/a.mp4' });
    expect(await screen.findByText('视频已上传')).toBeTruthy();
    expect(fake.calls(orderHandoverPaths.video)[0]?.body).toEqual({
      order_no: ORDER,
      key: 'order-video/a.mp4',
    });
  });
});

describe('rebinding checklist', () => {
  it('lets the buyer confirm open steps, and shows the seller’s notes', async () => {
    const steps = [
      step('password', '修改登录密码', true, { confirmed_at: AT }),
      step('phone', '换绑手机', true, { seller_done_at: AT, seller_note: '验证码已发' }),
      step('security', '修改密保问题', false),
    ];
    show(panel({ state: 'rebinding', rebinding: steps }));
    expect(await screen.findByText('卖家：验证码已发')).toBeTruthy();
    expect(screen.getAllByText('已确认')).toHaveLength(1);
    answerWith(
      orderHandoverPaths.rebindingConfirm,
      panel({ state: 'rebinding', rebinding: steps.map((item) => ({ ...item, confirmed_at: AT })) }),
    );
    const phone = screen.getByTestId('step-phone').closest('.adm-list-item') as HTMLElement;
    fireEvent.click(within(phone).getByRole('button', { name: '已完成' }));
    await waitFor(() => expect(screen.getAllByText('已确认')).toHaveLength(3));
    expect(fake.calls(orderHandoverPaths.rebindingConfirm)[0]?.body).toEqual({
      order_no: ORDER,
      step: 'phone',
    });
  });

  it('lets the seller mark a step done with a note', async () => {
    show(panel({ state: 'rebinding', role: 'seller', rebinding: [step('phone', '换绑手机', true)] }));
    answerWith(
      orderHandoverPaths.rebindingSellerDone,
      panel({
        state: 'rebinding',
        role: 'seller',
        rebinding: [step('phone', '换绑手机', true, { seller_done_at: AT })],
      }),
    );
    fireEvent.change(await screen.findByPlaceholderText('给买家的说明（选填）'), {
      target: { value: '验证码已发' },
    });
    fireEvent.click(screen.getByRole('button', { name: '我已配合' }));
    expect(await screen.findByText('卖家已配合')).toBeTruthy();
    expect(fake.calls(orderHandoverPaths.rebindingSellerDone)[0]?.body).toEqual({
      order_no: ORDER,
      step: 'phone',
      note: '验证码已发',
    });
  });
});

describe('urging', () => {
  it('urges the other party and turns off at the daily limit', async () => {
    show(
      panel({
        state: 'paid',
        credentials: { submitted: false, submitted_at: null, account_masked: '', can_reveal: false },
      }),
    );
    fake.on('POST', orderHandoverPaths.urge, () => ({ urge: { ...urge, mine: true }, left_today: 0 }));
    expect(await screen.findByText('今天还可催 3 次')).toBeTruthy();
    fake.on(orderHandoverPaths.handover, () => panel({ state: 'paid', urges_left_today: 0 }));
    fireEvent.click(screen.getByRole('button', { name: '催一催' }));
    expect(await screen.findByText('今天的催单次数已用完')).toBeTruthy();
    expect(screen.getByRole('button', { name: '催一催' }).hasAttribute('disabled')).toBe(true);
    expect(fake.calls(orderHandoverPaths.urge, 'POST')[0]?.body).toEqual({ order_no: ORDER });
  });

  it('/userUrgent lists the urges, or says how to urge when there are none', async () => {
    setAuthorization('t');
    fake.on('GET', orderHandoverPaths.urge, () => ({ list: [urge], total: 1, page: 1, page_size: 20 }));
    renderScreen('/userUrgent', <UserUrgentScreen />);
    expect(await screen.findByText('王者荣耀 V10 全英雄')).toBeTruthy();
    expect(screen.getByText(/买家催了您/)).toBeTruthy();
    expect(screen.getByText('“请尽快发货”')).toBeTruthy();
    cleanup();
    fake.on('GET', orderHandoverPaths.urge, () => ({ list: [], total: 0, page: 1, page_size: 20 }));
    renderScreen('/userUrgent', <UserUrgentScreen />);
    expect(await screen.findByText(/还没有催单记录/)).toBeTruthy();
  });
});

describe('liquidated damages', () => {
  it('lets customer service decide once, with the party, amount and reason, under an Idempotency-Key', async () => {
    show(panel({ role: 'customer_service', state: 'rebinding' }));
    const section = await screen.findByRole('region', { name: '违约金' });
    const submit = within(section).getByRole('button', { name: '判定违约金' });
    expect((submit as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(within(section).getByRole('textbox', { name: '违约金（元）' }), {
      target: { value: '30.001' },
    });
    expect(within(section).getByRole('alert').textContent).toBe('请输入正确的金额，最多两位小数');
    fireEvent.change(within(section).getByRole('textbox', { name: '违约金（元）' }), {
      target: { value: '30' },
    });
    fireEvent.click(within(section).getByText('买家违约'));
    fireEvent.change(within(section).getByPlaceholderText('违约说明（至少4个字，双方可见）'), {
      target: { value: '买家验号后恶意拒收' },
    });
    const decided = panel({
      role: 'customer_service',
      state: 'rebinding',
      damages: { party: 'buyer', amount: '30.00', reason: '买家验号后恶意拒收', at: AT },
    });
    fake.on(orderHandoverPaths.handover, () => decided);
    fake.on('POST', orderHandoverPaths.liquidatedDamages, () => decided);
    fireEvent.click(submit);
    await confirmDialog();

    expect(await within(section).findByText('已判定买家违约，违约金 ¥30.00')).toBeTruthy();
    const [call] = fake.calls(orderHandoverPaths.liquidatedDamages);
    expect(call?.body).toEqual({
      order_no: ORDER,
      party: 'buyer',
      amount: '30.00',
      reason: '买家验号后恶意拒收',
    });
    expect(call?.config.headers['Idempotency-Key']).toMatch(/^damages-[0-9a-f]{32}$/);
    expect(within(section).queryByRole('button', { name: '判定违约金' })).toBeNull();
  });

  it('shows the decision to the parties and no form to them', async () => {
    show(
      panel({
        role: 'buyer',
        state: 'protection',
        damages: { party: 'seller', amount: '12.50', reason: '卖家拖延交付超过约定时间', at: AT },
      }),
    );
    const section = await screen.findByRole('region', { name: '违约金' });
    expect(within(section).getByText('已判定卖家违约，违约金 ¥12.50')).toBeTruthy();
    expect(within(section).getByText('卖家拖延交付超过约定时间')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: '判定违约金' })).toBeNull();
  });

  it('hides the panel from a party while nothing is decided, and from staff where the table forbids it', async () => {
    show(panel({ role: 'seller', state: 'verifying' }));
    await screen.findByText('验号');
    expect(screen.queryByRole('region', { name: '违约金' })).toBeNull();
    cleanup();
    show(panel({ role: 'customer_service', state: 'completed' }));
    await screen.findByText('换绑清单');
    expect(screen.queryByRole('region', { name: '违约金' })).toBeNull();
  });
});
