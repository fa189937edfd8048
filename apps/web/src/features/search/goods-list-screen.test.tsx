import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, type ListHeader } from '@haoshi/contracts';
import { searchHit, searchPage } from '@/core/goods-fixtures.test-support';
import { reply, setupFakeApi, type FakeHandler } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import GoodsListScreen from './goods-list-screen';

const header: ListHeader = {
  game: null,
  sorts: [],
  platforms: [],
  partitions: [],
  price_ranges: [{ label: '100元以下', min: null, max: '100.00' }],
  tags: [],
  range_filters: [],
  choice_filters: [],
  on_sale_count: 10,
};
const gameHeader: ListHeader = {
  ...header,
  game: { id: 1, name: '王者荣耀', icon: '', platforms: ['ios'], hot: true, sort: 1, slogan: '' },
  partitions: [{ id: 3, game_id: 1, platform: 'ios', name: '苹果QQ区', group: 'QQ' }],
  range_filters: [{ key: 'stars', label: '王者星数', min: 0, max: 300, unit: '星' }],
};

const fake = setupFakeApi();

function serve(list: FakeHandler<'POST /app/goods/list/filter'>) {
  fake
    .on(apiPaths.goodsListFilter, list)
    .on(apiPaths.goodsListHeader, ({ body }) => (body.game_id === 1 ? gameHeader : header))
    .on(apiPaths.goodsGames, () => ({ list: gameHeader.game ? [gameHeader.game] : [] }));
}

const bodies = () => fake.calls(apiPaths.goodsListFilter).map((call) => call.body);

function renderList(url: string) {
  const path = url.split('?')[0] ?? url;
  return renderScreen(path, <GoodsListScreen />, { url });
}

describe('/search_goods_list and /productList', () => {
  it('shows skeletons, then the results with the matched words and the count', async () => {
    serve(() =>
      searchPage([searchHit(1, { title: '王者荣耀 满皮肤', title_marks: [[0, 2]] })], { snapshot_id: 50 }),
    );
    renderList(`/search_goods_list?keyword=${encodeURIComponent('王者')}`);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    const card = await screen.findByTestId('goods-card');
    expect(card.querySelector('mark')?.textContent).toBe('王者');
    expect(screen.getByText('共 1 件在售')).toBeTruthy();
    expect(bodies()[0]).toEqual({ page: 1, page_size: 20, sort: 'default', keyword: '王者' });
  });

  it("loads the next page from the previous page's cursor and the first page's snapshot", async () => {
    serve(({ body }) =>
      searchPage([searchHit(body.cursor ? 2 : 1)], {
        total: 2,
        page_size: 1,
        snapshot_id: 77,
        next_cursor: body.cursor ? null : 'after-1',
      }),
    );
    renderList('/productList?game_id=1');
    await screen.findByTestId('goods-card');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('goods-card')).toHaveLength(2));
    expect(bodies()[1]).toMatchObject({ cursor: 'after-1', game_id: 1, snapshot_id: 77 });
  });

  it('shows a capped total as 1万+ and an estimate as 约', async () => {
    serve(({ body }) =>
      searchPage([searchHit(1)], {
        total: 10_000,
        total_capped: body.keyword === 'wzry',
        total_is_estimate: body.keyword !== 'wzry',
      }),
    );
    renderList('/search_goods_list?keyword=wzry');
    expect(await screen.findByText('共 1万+ 件在售')).toBeTruthy();
    serve(() => searchPage([searchHit(1)], { total: 8_374, total_is_estimate: true }));
    renderList('/search_goods_list?keyword=pifu');
    expect(await screen.findByText('共 约8400 件在售')).toBeTruthy();
  });

  it('sorting replaces the address and asks again', async () => {
    serve(() => searchPage([searchHit(1)]));
    const { router } = renderList('/search_goods_list?keyword=a');
    await screen.findByTestId('goods-card');
    fireEvent.click(screen.getByRole('tab', { name: '价格升' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=a&sort=price_asc'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(bodies().at(-1)?.sort).toBe('price_asc'));
    expect(screen.getByRole('tab', { name: '价格升' }).getAttribute('aria-selected')).toBe('true');
  });

  it('the drawer filters by game, partition, price in yuan and attribute range, into the address', async () => {
    serve(() => searchPage([searchHit(1)]));
    const { router } = renderList(`/search_goods_list?keyword=${encodeURIComponent('王者')}`);
    await screen.findByTestId('goods-card');
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const drawer = await screen.findByRole('dialog', { name: '筛选' });
    fireEvent.click(await within(drawer).findByText('王者荣耀'));
    fireEvent.click(await within(drawer).findByText('苹果QQ区'));
    fireEvent.change(within(drawer).getByPlaceholderText('最低价'), { target: { value: '100' } });
    fireEvent.change(within(drawer).getByPlaceholderText('最高价'), { target: { value: '2000.5' } });
    fireEvent.change(await within(drawer).findByRole('textbox', { name: '王者星数最低' }), {
      target: { value: '50' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(
        `?keyword=${encodeURIComponent('王者')}&game_id=1&partition_id=3&price_min=100.00&price_max=2000.50&attr.stars=50%7E`,
      ),
    );
    expect(router.state.historyAction).toBe('PUSH');
    await waitFor(() =>
      expect(bodies().at(-1)).toEqual({
        page: 1,
        page_size: 20,
        sort: 'default',
        keyword: '王者',
        game_id: 1,
        partition_id: 3,
        price_min: '100.00',
        price_max: '2000.50',
        attrs: [{ key: 'stars', min: 50 }],
      }),
    );
  });

  it('refuses a price that is not an amount and keeps the drawer open', async () => {
    serve(() => searchPage([searchHit(1)]));
    const { router } = renderList('/search_goods_list?keyword=a');
    await screen.findByTestId('goods-card');
    fireEvent.click(screen.getByRole('button', { name: '筛选' }));
    const drawer = await screen.findByRole('dialog', { name: '筛选' });
    fireEvent.change(within(drawer).getByPlaceholderText('最低价'), { target: { value: '1.234' } });
    fireEvent.click(within(drawer).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('价格需大于0，且最多两位小数')).toBeTruthy();
    expect(router.state.location.search).toBe('?keyword=a');
  });

  it('an empty result with filters offers to clear them', async () => {
    serve(() => searchPage([]));
    const { router } = renderList('/search_goods_list?keyword=a&price_min=1&tags=urgent&sort=hot');
    expect(await screen.findByText('没有找到符合条件的商品')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空筛选' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=a&sort=hot'));
  });

  it('an empty result without filters suggests another keyword', async () => {
    serve(() => searchPage([]));
    renderList('/search_goods_list?keyword=zzz');
    expect(await screen.findByText('换个关键词试试，或者去看看其他游戏。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '换个关键词' })).toBeTruthy();
  });

  it('says the list failed and retries', async () => {
    let failing = true;
    serve(() => (failing ? reply.network() : searchPage([searchHit(3)])));
    renderList('/search_goods_list?keyword=a');
    expect(await screen.findByText('商品加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByTestId('goods-card')).toBeTruthy();
  });
});
