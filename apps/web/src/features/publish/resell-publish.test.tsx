import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  resellPaths,
  type Game,
  type Partition,
  type PublishProperties,
  type ResellDraft,
} from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import { clearAuthorization, setAuthorization } from '@/core/storage';
import { draftFromResell } from './wizard/publish-draft';
import PublishScreen from './publish-screen';

const fake = setupFakeApi();
const ORDER = 'O20261121100000123456';

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
/** The bought account as the server answers it: screenshots already copied into the buyer's uploads. */
const bought: ResellDraft = {
  order_no: ORDER,
  game_id: 1,
  platform: 'ios',
  partition_id: 11,
  title: '荣耀王者 V8 全英雄',
  description: '买来自用，现转让',
  attrs: { vip: 8 },
  bindings: { can_rebind: true },
  screenshots: [
    { key: 'goods-screenshot/202611/copy1.jpg', url: '/uploads/copy1.jpg', thumb: '/uploads/copy1.jpg?w' },
    { key: 'goods-screenshot/202611/copy2.jpg', url: '/uploads/copy2.jpg', thumb: '/uploads/copy2.jpg?w' },
  ],
};

const currentStep = () => document.querySelector('[data-step]')?.getAttribute('data-step');
const next = () => fireEvent.click(screen.getByRole('button', { name: '下一步' }));

beforeAll(() => Toast.config({ duration: 0 }));
afterEach(() => {
  cleanup();
  clearAuthorization();
});

describe('转卖 (/publishGoods?resell=…)', () => {
  it('keeps the account and leaves price, guarantees and login hint to the new seller', () => {
    expect(draftFromResell(bought)).toMatchObject({
      gameId: 1,
      platform: 'ios',
      partitionId: 11,
      attrs: { vip: 8 },
      bindings: { can_rebind: true },
      title: '荣耀王者 V8 全英雄',
      description: '买来自用，现转让',
      price: '',
      originalPrice: '',
      guarantees: [],
      accountHint: '',
    });
    expect(draftFromResell(bought).goodsId).toBeUndefined();
  });

  it('fills the whole wizard from the bought order and publishes a new listing with the typed price', async () => {
    setAuthorization('t');
    fake
      .on(apiPaths.goodsGames, () => ({ list: games }))
      .on(apiPaths.goodsPartitions, () => ({ list: partitions }))
      .on(apiPaths.goodsPublishProperties, () => properties)
      .on(resellPaths.draft, () => bought)
      .on(apiPaths.goodsPublish, () => reply.error(1000, '测试到此为止'));
    renderScreen('/publishGoods', <PublishScreen />, { url: `/publishGoods?resell=${ORDER}` });

    // Straight to the attributes, filled in.
    const vip = await screen.findByRole<HTMLInputElement>('textbox', { name: '贵族等级' });
    expect(vip.value).toBe('8');
    expect(currentStep()).toBe('attributes');
    expect(fake.calls(resellPaths.draft).map((call) => call.body)).toEqual([{ order_no: ORDER }]);
    next();
    await waitFor(() => expect(currentStep()).toBe('bindings'));
    next();
    await waitFor(() => expect(currentStep()).toBe('screenshots'));
    expect(document.querySelectorAll('img[src="/uploads/copy1.jpg?w"]').length).toBe(1);
    next();
    await waitFor(() => expect(currentStep()).toBe('details'));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '标题' }).value).toBe('荣耀王者 V8 全英雄');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '售价（元）' }).value).toBe('');

    fireEvent.change(screen.getByRole('textbox', { name: '售价（元）' }), { target: { value: '520' } });
    fireEvent.click(screen.getByRole('button', { name: '提交审核' }));
    await waitFor(() => expect(fake.calls(apiPaths.goodsPublish)).toHaveLength(1));
    const [sent] = fake.calls(apiPaths.goodsPublish);
    expect(sent?.body).toMatchObject({
      game_id: 1,
      platform: 'ios',
      partition_id: 11,
      attrs: { vip: 8 },
      bindings: { can_rebind: true },
      title: '荣耀王者 V8 全英雄',
      description: '买来自用，现转让',
      screenshots: ['goods-screenshot/202611/copy1.jpg', 'goods-screenshot/202611/copy2.jpg'],
      price: '520.00',
      submit: true,
    });
    expect(sent?.body).not.toHaveProperty('goods_id');
  });

  it('says why when the order cannot be resold', async () => {
    setAuthorization('t');
    fake.on(resellPaths.draft, () => reply.error(5290, '只有已完成且未被找回赔付的订单可以转卖'));
    renderScreen('/publishGoods', <PublishScreen />, {
      url: `/publishGoods?resell=${ORDER}`,
      otherPaths: ['/resellList'],
    });
    expect(await screen.findByText('只有已完成且未被找回赔付的订单可以转卖')).toBeTruthy();
    expect(screen.getByText('无法转卖该账号')).toBeTruthy();
  });
});
