import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, type GoodsData, type MyGoodsItem } from '@haoshi/contracts';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import MyGoodsScreen from './my-goods-screen';
import { sellerButtons } from './my-goods/my-goods-actions';
import { renderRouter } from '@/core/screen-harness.test-support';

const fake = setupFakeApi();

const item = (id: number, status: MyGoodsItem['status'], actions: MyGoodsItem['actions']): MyGoodsItem => ({
  id,
  title: `荣耀王者号${id}`,
  game_id: 1,
  game_name: '王者荣耀',
  platform: 'ios',
  partition_name: '苹果QQ区',
  price: '1288.00',
  original_price: null,
  cover: '',
  tags: [],
  highlights: [],
  views: 0,
  favourites: 0,
  listed_at: null,
  seller_id: 7,
  store_name: '小王的店',
  status,
  status_label: { on_sale: '在售', off_shelf: '已下架', draft: '草稿' }[status as 'on_sale'] ?? status,
  actions,
  review_note: '',
  updated_at: '2026-01-01T00:00:00Z',
});

/** The listing as the shelf and price calls answer it. */
const saved = (id: number, status: GoodsData['status'], overrides: Partial<GoodsData> = {}): GoodsData => ({
  id,
  game_id: 1,
  platform: 'ios',
  partition_id: 11,
  title: `荣耀王者号${id}`,
  description: '',
  attrs: {},
  bindings: {},
  guarantees: [],
  screenshots: [],
  price: '1288.00',
  original_price: null,
  bargain: false,
  bargain_floor: null,
  urgent: false,
  account_hint: '',
  private_note: '',
  review_note: '',
  status,
  status_label: status,
  tags: [],
  actions: [],
  views: 0,
  favourites: 0,
  listed_at: null,
  verified_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

const page = (list: MyGoodsItem[]) => ({ list, total: list.length, page: 1, page_size: 20 });
const mine = () => fake.calls(apiPaths.userGoodsMine);
const posts = () => fake.requests.filter((request) => request.method === 'POST');

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/myGoods', element: <MyGoodsScreen /> },
      { path: '/publishGoods', element: <p>publish page</p> },
      { path: '/goodsDetail', element: <p>detail page</p> },
    ],
    { initialEntries: [path] },
  );
  renderRouter(router);
  return router;
}

beforeAll(() => Toast.config({ duration: 0 }));

describe('my listings actions', () => {
  it('derives the buttons from what the listing process lets the owner do', () => {
    expect(sellerButtons('on_sale').map((b) => b.label)).toEqual(['编辑', '改价', '下架']);
    expect(sellerButtons('off_shelf').map((b) => b.label)).toEqual(['编辑', '改价', '上架']);
    expect(sellerButtons('draft').map((b) => b.label)).toEqual(['编辑', '提交审核']);
    expect(sellerButtons('pending_review').map((b) => b.label)).toEqual(['下架']);
    expect(sellerButtons('locked')).toEqual([]);
    expect(sellerButtons('sold')).toEqual([]);
  });
});

describe('/myGoods', () => {
  it('loads the on-sale tab and takes a listing off the shelf after confirming', async () => {
    fake
      .on(apiPaths.userGoodsMine, () => page([item(5, 'on_sale', ['shelf_off'])]))
      .on(apiPaths.userGoodsShelf, () => saved(5, 'off_shelf'));
    renderAt('/myGoods');

    const card = await screen.findByTestId('my-goods-card');
    expect(within(card).getByText('荣耀王者号5')).toBeTruthy();
    expect(mine().map((request) => request.rawQuery)).toContainEqual({
      status: 'on_sale',
      page: '1',
      page_size: '20',
    });

    fireEvent.click(within(card).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).not.toBeNull());
    const dialog = document.querySelector('.adm-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '下架' }));

    await waitFor(() =>
      expect(fake.calls(apiPaths.userGoodsShelf).map((request) => request.body)).toContainEqual({
        goods_id: 5,
        action: 'off',
      }),
    );
    // Every tab refreshes: the listing moved to 已下架.
    await waitFor(() => expect(mine().length).toBeGreaterThan(1));
  });

  it('puts an off-shelf listing back on sale and opens the editor', async () => {
    fake
      .on(apiPaths.userGoodsMine, () => page([item(8, 'off_shelf', ['edit', 'shelf_on'])]))
      .on(apiPaths.userGoodsShelf, () => saved(8, 'on_sale'));
    const router = renderAt('/myGoods?status=off_shelf');

    const card = await screen.findByTestId('my-goods-card');
    expect(mine().map((request) => request.rawQuery)).toContainEqual({
      status: 'off_shelf',
      page: '1',
      page_size: '20',
    });
    fireEvent.click(within(card).getByRole('button', { name: '上架' }));
    await waitFor(() =>
      expect(fake.calls(apiPaths.userGoodsShelf).map((request) => request.body)).toContainEqual({
        goods_id: 8,
        action: 'on',
      }),
    );

    fireEvent.click(within(card).getByRole('button', { name: '编辑' }));
    await screen.findByText('publish page');
    expect(router.state.location.search).toBe('?goods_id=8');
  });

  it('switches tabs by state, links to the detail page and says what to do when empty', async () => {
    fake.on(apiPaths.userGoodsMine, ({ rawQuery }) =>
      page(rawQuery.status === 'draft' ? [item(3, 'draft', ['edit', 'submit'])] : []),
    );
    const router = renderAt('/myGoods');
    await screen.findByTestId('my-goods-empty');
    expect(screen.getByRole('button', { name: '去发布' })).toBeTruthy();

    fireEvent.click(screen.getByText('草稿'));
    const card = await screen.findByTestId('my-goods-card');
    expect(router.state.location.search).toBe('?status=draft');
    expect(within(card).getByRole('button', { name: '提交审核' })).toBeTruthy();

    fireEvent.click(within(card).getByText('荣耀王者号3'));
    await screen.findByText('detail page');
    expect(router.state.location.search).toBe('?goods_id=3');
  });
});

describe('改价 on /myGoods (issue 10 E.3)', () => {
  const onSale = {
    ...item(5, 'on_sale', ['edit', 'reprice', 'revise', 'shelf_off']),
    original_price: '1500.00',
  };

  async function openSheet() {
    fake.on(apiPaths.userGoodsMine, () => page([onSale]));
    renderAt('/myGoods');
    const card = await screen.findByTestId('my-goods-card');
    fireEvent.click(within(card).getByRole('button', { name: '改价' }));
    return screen.findByRole('form', { name: '修改价格' });
  }

  it('opens prefilled, checks the price rules before sending and clears an error once fixed', async () => {
    const sheet = await openSheet();
    const price = within(sheet).getByRole('textbox', { name: '售价（元）' });
    const original = within(sheet).getByRole('textbox', { name: '原价（元，选填）' });
    expect((price as HTMLInputElement).value).toBe('1288');
    expect((original as HTMLInputElement).value).toBe('1500');

    fireEvent.change(price, { target: { value: '12.345' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '确认改价' }));
    expect(await within(sheet).findByText('金额需大于0，且最多两位小数')).toBeTruthy();
    fireEvent.change(price, { target: { value: '1600' } });
    expect(within(sheet).queryByText('金额需大于0，且最多两位小数')).toBeNull();
    fireEvent.click(within(sheet).getByRole('button', { name: '确认改价' }));
    expect(await within(sheet).findByText('原价不能低于售价')).toBeTruthy();
    fireEvent.change(price, { target: { value: '2000000' } });
    fireEvent.change(original, { target: { value: '' } });
    fireEvent.click(within(sheet).getByRole('button', { name: '确认改价' }));
    expect(await within(sheet).findByText('价格不能超过1000000元')).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('sends the new price, says so and refreshes the listings', async () => {
    fake.on(apiPaths.userGoodsPrice, () => saved(5, 'on_sale', { price: '999.00' }));
    const sheet = await openSheet();
    fireEvent.change(within(sheet).getByRole('textbox', { name: '售价（元）' }), {
      target: { value: '999' },
    });
    fireEvent.change(within(sheet).getByRole('textbox', { name: '原价（元，选填）' }), {
      target: { value: '' },
    });
    const loads = mine().length;
    fireEvent.click(within(sheet).getByRole('button', { name: '确认改价' }));
    await waitFor(() =>
      expect(fake.calls(apiPaths.userGoodsPrice).map((request) => request.body)).toContainEqual({
        goods_id: 5,
        price: '999.00',
        original_price: null,
      }),
    );
    expect(await screen.findByText('已改价为 ¥999.00')).toBeTruthy();
    await waitFor(() => expect(mine().length).toBeGreaterThan(loads));
    await waitFor(() => expect(screen.queryByRole('form', { name: '修改价格' })).toBeNull());
  });

  it('shows the server’s refusal on the field it names', async () => {
    fake.on(apiPaths.userGoodsPrice, () =>
      reply.error(1000, '原价不能低于售价（original_price）', { field: 'original_price' }),
    );
    const sheet = await openSheet();
    fireEvent.click(within(sheet).getByRole('button', { name: '确认改价' }));
    expect(await within(sheet).findByText('原价不能低于售价')).toBeTruthy();
  });
});
