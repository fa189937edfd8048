import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiPaths,
  type Game,
  type GoodsData,
  type Partition,
  type PublishProperties,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { PublishWizard } from './publish-wizard';

const fake = setupFakeApi();

const games: Game[] = [
  { id: 1, name: '王者荣耀', icon: '/i.svg', platforms: ['ios'], hot: true, sort: 1, slogan: '' },
];
const partitions: Partition[] = [{ id: 11, game_id: 1, platform: 'ios', name: '苹果QQ区', group: 'QQ区' }];
const properties: PublishProperties = {
  game_id: 1,
  game_name: '王者荣耀',
  platforms: ['ios'],
  fields: [
    {
      key: 'vip',
      label: '贵族等级',
      type: 'int',
      required: true,
      filterable: true,
      highlight: false,
      min: 0,
      max: 10,
      unit: '级',
    },
  ],
  bindings: [{ key: 'can_rebind', label: '支持换绑', type: 'bool', required: true }],
  guarantees: [{ code: 'basic', name: '基础包赔', description: '90天' }],
  min_screenshots: 1,
  max_screenshots: 3,
};
const existing = {
  id: 42,
  game_id: 1,
  platform: 'ios',
  partition_id: 11,
  title: '荣耀王者号',
  description: '',
  attrs: { vip: 5 },
  bindings: { can_rebind: true },
  guarantees: [],
  screenshots: [{ key: 'goods-screenshot/a.jpg', url: '/uploads/a.jpg', thumb: '/uploads/a.jpg?w' }],
  price: '100.00',
  original_price: null,
  bargain: false,
  bargain_floor: null,
  urgent: false,
  account_hint: '',
  private_note: '',
  review_note: '',
  status: 'draft',
  status_label: '草稿',
  tags: [],
  actions: ['edit', 'submit'],
  views: 0,
  favourites: 0,
  listed_at: null,
  verified_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
} satisfies GoodsData;

function mockCatalogue() {
  fake
    .on(apiPaths.goodsGames, () => ({ list: games }))
    .on(apiPaths.goodsPartitions, () => ({ list: partitions }))
    .on(apiPaths.goodsPublishProperties, () => properties);
}

/** What the wizard sent, in order: [path, body]. */
const posts = () =>
  fake.requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

function renderWizard(props: Partial<Parameters<typeof PublishWizard>[0]> = {}) {
  const onFinished = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PublishWizard onFinished={onFinished} {...props} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onFinished;
}

const currentStep = () => document.querySelector('[data-step]')?.getAttribute('data-step');
const next = () => fireEvent.click(screen.getByRole('button', { name: '下一步' }));

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => vi.clearAllMocks());

describe('publish wizard', () => {
  it('goes game → partition and will not move on without a partition', async () => {
    mockCatalogue();
    renderWizard();
    fireEvent.click(await screen.findByRole('button', { name: '王者荣耀' }));
    await waitFor(() => expect(currentStep()).toBe('partition'));
    fireEvent.click(await screen.findByText('苹果'));
    next();
    expect(await screen.findByText('选择区服', { selector: '.publish-field__error' })).toBeTruthy();
    expect(currentStep()).toBe('partition');
    fireEvent.click(screen.getByText('苹果QQ区'));
    next();
    await waitFor(() => expect(currentStep()).toBe('attributes'));
  });

  it("lifts a step's error as soon as the field is fixed, before moving on", async () => {
    mockCatalogue();
    renderWizard({ gameId: 1 });
    fireEvent.click(await screen.findByText('苹果'));
    next();
    expect(await screen.findByText('选择区服', { selector: '.publish-field__error' })).toBeTruthy();
    fireEvent.click(screen.getByText('苹果QQ区'));
    expect(screen.queryByText('选择区服', { selector: '.publish-field__error' })).toBeNull();
    expect(currentStep()).toBe('partition');
  });

  it('clears each detail error once its field is valid, leaving the others', async () => {
    mockCatalogue();
    renderWizard({ existing: { ...existing, title: '短', price: '' } });
    await screen.findByRole('textbox', { name: '贵族等级' });
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    const fieldError = (text: string) => screen.queryByText(text, { selector: '.publish-field__error' });
    expect(fieldError('标题至少4个字')).toBeTruthy();
    expect(fieldError('金额需大于0，且最多两位小数')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: '荣耀王者号' } });
    expect(fieldError('标题至少4个字')).toBeNull();
    expect(fieldError('金额需大于0，且最多两位小数')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '售价（元）' }), { target: { value: '88' } });
    expect(document.querySelector('.publish-field__error')).toBeNull();
    expect(posts()).toEqual([]);
  });

  it('keeps what was typed when going back and forth', async () => {
    mockCatalogue();
    renderWizard({ existing });
    await screen.findByRole('textbox', { name: '贵族等级' });
    fireEvent.change(screen.getByRole('textbox', { name: '贵族等级' }), { target: { value: '7' } });
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: '新的标题文字' } });
    for (let step = 0; step < 3; step += 1) fireEvent.click(screen.getByRole('button', { name: '上一步' }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '贵族等级' }).value).toBe('7');
    next();
    next();
    next();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '标题' }).value).toBe('新的标题文字');
  });

  it("shows the server's field errors on their fields and jumps to the step holding the first", async () => {
    mockCatalogue();
    fake.on(apiPaths.goodsPublish, () =>
      reply.error(1000, '贵族等级须在0到10级之间（attrs.vip）', {
        field: 'attrs.vip',
        data: {
          fields: [
            { field: 'attrs.vip', message: '贵族等级须在0到10级之间' },
            { field: 'title', message: '不能填写手机号、微信或QQ等联系方式，请通过平台聊天沟通' },
          ],
        },
      }),
    );
    const onFinished = renderWizard({ existing });
    await screen.findByRole('textbox', { name: '贵族等级' });
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    fireEvent.change(screen.getByRole('textbox', { name: '售价（元）' }), { target: { value: '99.5' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));

    await waitFor(() => expect(currentStep()).toBe('attributes'));
    expect(screen.getByText('贵族等级须在0到10级之间')).toBeTruthy();
    expect(posts()).toContainEqual([
      apiPaths.goodsPublish,
      expect.objectContaining({
        goods_id: 42,
        price: '99.50',
        screenshots: ['goods-screenshot/a.jpg'],
        submit: true,
      }),
    ]);
    // Editing the field lifts its refusal; the other field's stays.
    fireEvent.change(screen.getByRole('textbox', { name: '贵族等级' }), { target: { value: '6' } });
    expect(screen.queryByText('贵族等级须在0到10级之间')).toBeNull();
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    expect(screen.getByText('不能填写手机号、微信或QQ等联系方式，请通过平台聊天沟通')).toBeTruthy();
    expect(onFinished).not.toHaveBeenCalled();
  });

  it('hands the saved listing over once submitted', async () => {
    mockCatalogue();
    const saved = { ...existing, status: 'on_sale' as const };
    fake.on(apiPaths.goodsPublish, () => saved);
    const onFinished = renderWizard({ existing });
    await screen.findByRole('textbox', { name: '贵族等级' });
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledWith(saved));
  });
});

describe('editing an off-shelf listing', () => {
  it('saves it as it is, then puts it back on the shelf', async () => {
    mockCatalogue();
    const onSale = { ...existing, status: 'on_sale' as const };
    fake
      .on(apiPaths.goodsPublish, () => ({ ...existing, status: 'off_shelf' as const }))
      .on(apiPaths.userGoodsShelf, () => onSale);
    const onFinished = renderWizard({
      existing: { ...existing, status: 'off_shelf', actions: ['edit', 'shelf_on'] },
    });
    await screen.findByRole('textbox', { name: '贵族等级' });
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    fireEvent.click(screen.getByRole('button', { name: '保存并上架' }));

    await waitFor(() => expect(onFinished).toHaveBeenCalledWith(onSale));
    expect(posts()).toEqual([
      [apiPaths.goodsPublish, expect.objectContaining({ goods_id: 42, submit: false })],
      [apiPaths.userGoodsShelf, { goods_id: 42, action: 'on' }],
    ]);
  });
});

describe('editing a listing on sale (issue 10 E.3)', () => {
  it('says a change of its content is reviewed again, keeps no draft, and saves it in one call', async () => {
    mockCatalogue();
    const onSale = {
      ...existing,
      status: 'on_sale' as const,
      actions: ['edit', 'reprice', 'revise', 'shelf_off'] as GoodsData['actions'],
    };
    fake.on(apiPaths.goodsPublish, () => ({ ...onSale, title: '荣耀王者号 改' }));
    const onFinished = renderWizard({ existing: onSale });
    await screen.findByRole('textbox', { name: '贵族等级' });
    expect(screen.getByRole('note').textContent).toContain('需重新审核');
    next();
    next();
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    expect(screen.queryByRole('button', { name: '存草稿' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: '标题' }), { target: { value: '荣耀王者号 改' } });
    fireEvent.click(screen.getByRole('button', { name: '保存修改' }));

    await waitFor(() => expect(onFinished).toHaveBeenCalledWith({ ...onSale, title: '荣耀王者号 改' }));
    expect(posts()).toEqual([
      [apiPaths.goodsPublish, expect.objectContaining({ goods_id: 42, title: '荣耀王者号 改' })],
    ]);
  });
});
