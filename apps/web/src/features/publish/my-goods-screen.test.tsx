import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { Toast } from 'antd-mobile';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyGoodsItem, Page } from '@haoshi/contracts';
import { http } from '@/core/http/client';
import type * as HttpClient from '@/core/http/client';
import MyGoodsScreen from './my-goods-screen';
import { sellerButtons } from './my-goods/my-goods-actions';
import { renderRouter } from '@/core/screen-harness.test-support';

vi.mock('@/core/http/client', async (importOriginal) => {
  const actual = await importOriginal<typeof HttpClient>();
  return { ...actual, http: { get: vi.fn(), post: vi.fn() } };
});

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

const page = (list: MyGoodsItem[]): { err_code: 0; data: Page<MyGoodsItem> } => ({
  err_code: 0,
  data: { list, total: list.length, page: 1, page_size: 20 },
});

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
afterEach(() => vi.clearAllMocks());

describe('my listings actions', () => {
  it('derives the buttons from what the listing process lets the owner do', () => {
    expect(sellerButtons('on_sale').map((b) => b.label)).toEqual(['下架']);
    expect(sellerButtons('off_shelf').map((b) => b.label)).toEqual(['编辑', '上架']);
    expect(sellerButtons('draft').map((b) => b.label)).toEqual(['编辑', '提交审核']);
    expect(sellerButtons('pending_review').map((b) => b.label)).toEqual(['下架']);
    expect(sellerButtons('locked')).toEqual([]);
    expect(sellerButtons('sold')).toEqual([]);
  });
});

describe('/myGoods', () => {
  it('loads the on-sale tab and takes a listing off the shelf after confirming', async () => {
    vi.mocked(http.get).mockResolvedValue(page([item(5, 'on_sale', ['shelf_off'])]));
    vi.mocked(http.post).mockResolvedValue({
      err_code: 0,
      data: { id: 5, status: 'off_shelf' },
    });
    renderAt('/myGoods');

    const card = await screen.findByTestId('my-goods-card');
    expect(within(card).getByText('荣耀王者号5')).toBeTruthy();
    expect(http.get).toHaveBeenCalledWith('/app/user/goods/mine', {
      status: 'on_sale',
      page: 1,
      page_size: 20,
    });

    fireEvent.click(within(card).getByRole('button', { name: '下架' }));
    await waitFor(() => expect(document.querySelector('.adm-dialog')).not.toBeNull());
    const dialog = document.querySelector('.adm-dialog') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: '下架' }));

    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/app/user/goods/shelf', { goods_id: 5, action: 'off' }),
    );
    // Every tab refreshes: the listing moved to 已下架.
    await waitFor(() => expect(vi.mocked(http.get).mock.calls.length).toBeGreaterThan(1));
  });

  it('puts an off-shelf listing back on sale and opens the editor', async () => {
    vi.mocked(http.get).mockResolvedValue(page([item(8, 'off_shelf', ['edit', 'shelf_on'])]));
    vi.mocked(http.post).mockResolvedValue({ err_code: 0, data: { id: 8, status: 'on_sale' } });
    const router = renderAt('/myGoods?status=off_shelf');

    const card = await screen.findByTestId('my-goods-card');
    expect(http.get).toHaveBeenCalledWith('/app/user/goods/mine', {
      status: 'off_shelf',
      page: 1,
      page_size: 20,
    });
    fireEvent.click(within(card).getByRole('button', { name: '上架' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/app/user/goods/shelf', { goods_id: 8, action: 'on' }),
    );

    fireEvent.click(within(card).getByRole('button', { name: '编辑' }));
    await screen.findByText('publish page');
    expect(router.state.location.search).toBe('?goods_id=8');
  });

  it('switches tabs by state, links to the detail page and says what to do when empty', async () => {
    vi.mocked(http.get).mockImplementation((_path, params) =>
      Promise.resolve(
        page((params as { status: string }).status === 'draft' ? [item(3, 'draft', ['edit', 'submit'])] : []),
      ),
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
