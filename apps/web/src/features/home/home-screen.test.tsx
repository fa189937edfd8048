import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, type HomeIndex } from '@haoshi/contracts';
import { goodsCard, page } from '@/core/goods-fixtures.test-support';
import { reply, setupFakeApi, type FakeHandler } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import HomeScreen from './home-screen';

const index: HomeIndex = {
  banners: [
    { id: 1, title: '新人专享', image: '/uploads/demo/banners/1.svg', link: '/couponHall' },
    { id: 2, title: '官方包赔', image: '/uploads/demo/banners/2.svg', link: '/officialGuarantee' },
  ],
  games: [
    { id: 1, name: '王者荣耀', icon: '/i/1.svg', platforms: ['ios'], hot: true, sort: 1, slogan: '' },
    { id: 2, name: '原神', icon: '/i/2.svg', platforms: ['pc'], hot: true, sort: 2, slogan: '' },
  ],
  entries: [{ key: 'rank', title: '排行榜', icon: 'rank', link: '/rank' }],
  notices: [
    { id: 5, title: '防骗提醒', category: '安全', pinned: true, published_at: '2026-11-20T00:00:00Z' },
  ],
  hot_keywords: ['王者荣耀', '原神'],
  search_placeholder: '搜索',
};

const fake = setupFakeApi();

function serve(
  home: FakeHandler<'GET /app/home/index_v13'>,
  recommend: (pageNumber: number) => ReturnType<FakeHandler<'GET /app/goods/recommend'>>,
) {
  fake
    .on(apiPaths.homeIndex, home)
    .on(apiPaths.homeHot, () => ({ list: [goodsCard(90, { title: '热门号', price: '99.00' })] }))
    .on(apiPaths.goodsRecommend, ({ query }) => recommend(query.page));
}

describe('/ (home)', () => {
  it('shows the brand heading and skeletons while loading', () => {
    serve(
      () => index,
      () => page([]),
    );
    renderScreen('/', <HomeScreen />);
    expect(screen.getByRole('heading', { name: '淘号号' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '搜索游戏/商品' }).getAttribute('href')).toBe('/search_input');
    expect(screen.getByLabelText('加载中')).toBeTruthy();
  });

  it('shows banners, games, notice, hot items and the recommended feed page by page', async () => {
    serve(
      () => index,
      (pageNumber) =>
        page(pageNumber === 1 ? [goodsCard(1), goodsCard(2)] : [goodsCard(3)], 3, pageNumber, 2),
    );
    renderScreen('/', <HomeScreen />);
    const games = await screen.findByRole('navigation', { name: '游戏' });
    expect(within(games).getByRole('link', { name: '王者荣耀' }).getAttribute('href')).toBe(
      '/productList?game_id=1',
    );
    expect(screen.getByRole('img', { name: '新人专享' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /防骗提醒/ }).getAttribute('href')).toBe('/noticeDetails?id=5');
    const keywords = screen.getByRole('navigation', { name: '热门搜索' });
    expect(within(keywords).getByRole('link', { name: '原神' }).getAttribute('href')).toBe(
      `/search_goods_list?keyword=${encodeURIComponent('原神')}`,
    );
    expect(screen.getByText('热门号')).toBeTruthy();
    expect(screen.getByText('¥99')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('goods-card')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(screen.getAllByTestId('goods-card')).toHaveLength(3));
    expect(screen.getByText('没有更多了')).toBeTruthy();
    expect(fake.calls(apiPaths.goodsRecommend).map((call) => call.rawQuery.page)).toEqual(['1', '2']);
  });

  it('says the home failed and reloads on request', async () => {
    let failing = true;
    serve(
      () => (failing ? reply.network() : index),
      () => page([goodsCard(1)]),
    );
    renderScreen('/', <HomeScreen />);
    expect(await screen.findByText('首页加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('navigation', { name: '游戏' })).toBeTruthy();
  });

  it('suggests searching when nothing is recommended', async () => {
    serve(
      () => index,
      () => page([]),
    );
    renderScreen('/', <HomeScreen />);
    expect(await screen.findByText('暂时没有推荐的商品')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去搜索' })).toBeTruthy();
  });

  it('tells when the feed failed and retries it', async () => {
    let failing = true;
    serve(
      () => index,
      () => (failing ? reply.network() : page([goodsCard(7)])),
    );
    renderScreen('/', <HomeScreen />);
    expect(await screen.findByText('推荐商品加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByTestId('goods-card')).toBeTruthy();
  });
});
