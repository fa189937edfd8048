import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@haoshi/contracts';
import { reply, setupFakeApi, type FakeData, type FakeHandler } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import RankScreen from './rank-screen';

const fake = setupFakeApi();
type TopGame = FakeData<'GET /app/top/game'>['list'][number];
type TopStore = FakeData<'GET /app/top/store'>['list'][number];

const game = (rank: number, name: string): TopGame => ({
  id: rank,
  name,
  icon: '',
  platforms: ['ios'],
  hot: true,
  sort: rank,
  slogan: '',
  on_sale_count: 300 - rank,
  rank,
  avg_price: '1855.08',
});
const store: TopStore = {
  rank: 1,
  seller_id: 4,
  store_name: '金牌号铺',
  avatar: '',
  rating: '4.9',
  deals: 12000,
  followers: 30,
  on_sale: 8,
};

function serve(games: FakeHandler<'GET /app/top/game'>, stores: FakeHandler<'GET /app/top/store'>) {
  fake.on(apiPaths.topGame, games).on(apiPaths.topStore, stores);
}

describe('/rank', () => {
  it('ranks games in a table linking to their lists, and stores in another tab', async () => {
    serve(
      () => ({ list: [game(1, '第五人格'), { ...game(2, '原神'), icon: 'https://cdn.example/ys.png' }] }),
      () => ({ list: [store] }),
    );
    renderScreen('/rank', <RankScreen />);
    const table = await screen.findByRole('table', { name: '热门游戏' });
    // A game without an icon gets an empty tile, never an <img src=""> (the browser would fetch the page).
    expect(table.querySelectorAll('img')).toHaveLength(1);
    expect(table.querySelector('img')?.getAttribute('src')).toContain('ys.png');
    expect(table.querySelectorAll('.rank__picture-missing')).toHaveLength(1);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1] as HTMLElement)
        .getByRole('link', { name: '第五人格' })
        .getAttribute('href'),
    ).toBe('/productList?game_id=1');
    expect(within(rows[1] as HTMLElement).getByText('¥1855')).toBeTruthy();
    fireEvent.click(screen.getByText('金牌店铺'));
    const stores = await screen.findByRole('table', { name: '金牌店铺' });
    expect(within(stores).getByText('金牌号铺')).toBeTruthy();
    expect(within(stores).getByText('1.2万')).toBeTruthy();
  });

  it('says when there is nothing to rank', async () => {
    serve(
      () => ({ list: [] }),
      () => ({ list: [] }),
    );
    renderScreen('/rank', <RankScreen />);
    expect(await screen.findByText('排行榜暂无数据')).toBeTruthy();
  });

  it('shows a skeleton, then the failure with retry', async () => {
    let failing = true;
    serve(
      () => (failing ? reply.network() : { list: [game(1, '原神')] }),
      () => ({ list: [] }),
    );
    renderScreen('/rank', <RankScreen />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByText('排行榜加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('table', { name: '热门游戏' })).toBeTruthy();
  });
});
