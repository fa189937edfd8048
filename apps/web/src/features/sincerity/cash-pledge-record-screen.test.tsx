import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sincerityPaths,
  type SincerityHold,
  type SincerityMain,
  type SincerityMovement,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { setNavigator } from '@/core/navigation';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import CashPledgeRecordScreen from './cash-pledge-record-screen';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

const levels = (held: number) =>
  [
    ['basic', '诚信卖家', 100],
    ['quality', '优质卖家', 500],
    ['gold', '金牌卖家', 2000],
  ].map(([level, name, required]) => ({
    level: level as string,
    name: name as string,
    required: `${required as number}.00`,
    benefits: [`${name as string}权益`],
    reached: held >= (required as number),
  }));

function mainWith(
  overrides: Partial<SincerityMain['kinds'][number]> = {},
  available = '900.00',
): SincerityMain {
  const held = Number(overrides.held ?? '0');
  return {
    total_held: overrides.held ?? '0.00',
    available,
    kinds: [
      {
        kind: 'seller',
        name: '卖家保证金',
        held: '0.00',
        level: null,
        level_name: null,
        levels: levels(held),
        state: 'none',
        open_holds: 0,
        pending_penalty: '0.00',
        close_block: 'nothing_held',
        ...overrides,
      },
      {
        kind: 'recycler',
        name: '回收商保证金',
        held: '0.00',
        level: null,
        level_name: null,
        levels: [
          { level: 'certified', name: '认证回收商', required: '1000.00', benefits: [], reached: false },
        ],
        state: 'none',
        open_holds: 0,
        pending_penalty: '0.00',
        close_block: 'nothing_held',
      },
    ],
  };
}

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, page_size: 20 });

const movement: SincerityMovement = {
  id: 1,
  kind: 'seller',
  type: 'pay',
  amount: '+500.00',
  held_after: '500.00',
  note: '缴纳优质卖家保证金',
  created_at: '2026-11-21T02:00:00.000Z',
};

const hold: SincerityHold = {
  id: 3,
  kind: 'seller',
  reference_type: 'order',
  reference_id: 'O-1',
  title: '王者荣耀 V10 账号',
  status: 'open',
  created_at: '2026-11-21T02:00:00.000Z',
  released_at: null,
};

function serve(main: SincerityMain | 'fail', bills: SincerityMovement[] = [], holds: SincerityHold[] = []) {
  fake
    .on(sincerityPaths.main, () => (main === 'fail' ? reply.error(1099, '系统繁忙') : main))
    .on(sincerityPaths.billPage, () => page(bills))
    .on(sincerityPaths.orderList, () => page(holds));
}

function renderScreen() {
  const router = createMemoryRouter([{ path: '/cashPledgeRecord', element: <CashPledgeRecordScreen /> }], {
    initialEntries: ['/cashPledgeRecord'],
  });
  return renderRouter(router);
}

/** Lets the refetches a payment or a refund starts land before the test ends. */
async function settled(client: QueryClient) {
  await waitFor(() => expect(client.isFetching() + client.isMutating()).toBe(0));
}

async function confirmDialog(buttonName: string) {
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(within(dialog).getByRole('button', { name: buttonName }));
}

beforeAll(() => Toast.config({ duration: 0 }));
// Unmount before logging out: dropping the token under a mounted screen would re-render it as the
// login redirect (a page load jsdom cannot do) while the environment is being torn down.
afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('/cashPledgeRecord', () => {
  it('asks a visitor to log in and loads nothing', () => {
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    renderScreen();
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2FcashPledgeRecord', undefined);
    expect(fake.requests).toEqual([]);
    unregister();
  });

  it('shows a skeleton, then the empty deposit with its levels and an empty history', async () => {
    setAuthorization('t');
    serve(mainWith());
    renderScreen();
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect((await screen.findByTestId('sincerity-held')).textContent).toBe('0.00');
    expect(screen.getByText('未缴纳', { selector: '.adm-tag' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '补缴 100.00 元' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '补缴 2000.00 元' })).toBeTruthy();
    expect(await screen.findByText('还没有保证金记录，缴纳后会在这里显示')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '退还保证金' })).toBeNull();
  });

  it('pays a level after confirming, with an Idempotency-Key', async () => {
    setAuthorization('t');
    serve(mainWith());
    fake.on(sincerityPaths.pay, () => ({
      kind: 'seller' as const,
      paid: '500.00',
      held: '500.00',
      level: 'quality',
      movement_id: 1,
    }));
    const client = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: '补缴 500.00 元' }));
    // The rule as the server applies it (issue 10 E.4): held money, not an expense, returned whole.
    const rule = await screen.findByText(/升级到「优质卖家」需从可用余额转入 500.00 元/);
    expect(rule.textContent).toContain('计入总资产，不算支出');
    expect(rule.textContent).toContain('没有担保中的订单或商品、也没有待处理的扣款时，可随时全额退回余额');
    await confirmDialog('确认缴纳');
    await waitFor(() => expect(fake.calls(sincerityPaths.pay)).toHaveLength(1));
    expect(fake.requests.filter((request) => request.method === 'POST')).toHaveLength(1);
    const [paid] = fake.calls(sincerityPaths.pay);
    expect(paid?.body).toEqual({ level: 'quality' });
    expect(paid?.config.headers['Idempotency-Key']).toMatch(/^sincerity-[0-9a-f]{32}$/);
    expect(await screen.findByText('已缴纳 500.00 元', undefined, { timeout: 4000 })).toBeTruthy();
    await settled(client);
    expect(fake.calls(sincerityPaths.main).length).toBeGreaterThan(1);
  });

  it('sends a short balance to recharge instead of paying', async () => {
    setAuthorization('t');
    serve(mainWith({}, '50.00'));
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: '补缴 100.00 元' }));
    expect(await screen.findByText(/可用余额不足，请先充值/)).toBeTruthy();
    await confirmDialog('去充值');
    expect(fake.requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('shows what keeps the deposit, with the close button off, and the movements', async () => {
    setAuthorization('t');
    serve(
      mainWith({
        held: '500.00',
        level: 'quality',
        level_name: '优质卖家',
        state: 'locked',
        open_holds: 1,
        close_block: 'open_hold',
      }),
      [movement],
      [hold],
    );
    renderScreen();
    expect((await screen.findByTestId('sincerity-held')).textContent).toBe('500.00');
    expect(screen.getByText('有进行中的订单或商品由保证金担保，完成后才能退还')).toBeTruthy();
    const close = screen.getByRole('button', { name: '退还保证金' });
    expect(close.hasAttribute('disabled')).toBe(true);
    expect(await screen.findByText('王者荣耀 V10 账号')).toBeTruthy();
    expect(await screen.findByText('+500.00')).toBeTruthy();
    expect(screen.getByText('2026-11-21 10:00 · 余额 500.00')).toBeTruthy();
  });

  it('returns a free deposit after confirming', async () => {
    setAuthorization('t');
    serve(
      mainWith({
        held: '100.00',
        level: 'basic',
        level_name: '诚信卖家',
        state: 'active',
        close_block: null,
      }),
    );
    fake.on(sincerityPaths.close, () => ({ kind: 'seller' as const, released: '100.00', movement_id: 2 }));
    const client = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: '退还保证金' }));
    expect(await screen.findByText(/将把 100.00 元保证金退回余额/)).toBeTruthy();
    await confirmDialog('确认退还');
    await waitFor(() =>
      expect(fake.calls(sincerityPaths.close).map((call) => call.body)).toEqual([{ kind: 'seller' }]),
    );
    expect(await screen.findByText('已退还 100.00 元到余额', undefined, { timeout: 4000 })).toBeTruthy();
    await settled(client);
    expect(fake.calls(sincerityPaths.main).length).toBeGreaterThan(1);
  });

  it('offers a retry when the deposit cannot be loaded', async () => {
    setAuthorization('t');
    serve('fail');
    renderScreen();
    expect(await screen.findByText('保证金信息加载失败')).toBeTruthy();
    serve(mainWith());
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect((await screen.findByTestId('sincerity-held')).textContent).toBe('0.00');
  });
});
