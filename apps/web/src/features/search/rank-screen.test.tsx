import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answer,
  fakeApi,
  networkFailure,
  renderScreen,
  type ApiAnswer,
} from '@/core/screen-harness.test-support';
import RankScreen from './rank-screen';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

const game = (rank: number, name: string) => ({
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
const store = {
  rank: 1,
  seller_id: 4,
  store_name: '金牌号铺',
  avatar: '',
  rating: '4.9',
  deals: 12000,
  followers: 30,
  on_sale: 8,
};

function serve(games: () => ApiAnswer, stores: () => ApiAnswer) {
  api = fakeApi({ 'GET /app/top/game': games, 'GET /app/top/store': stores });
}

describe('/rank', () => {
  it('ranks games in a table linking to their lists, and stores in another tab', async () => {
    serve(
      () => answer({ list: [game(1, '第五人格'), game(2, '原神')] }),
      () => answer({ list: [store] }),
    );
    renderScreen('/rank', <RankScreen />);
    const table = await screen.findByRole('table', { name: '热门游戏' });
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
      () => answer({ list: [] }),
      () => answer({ list: [] }),
    );
    renderScreen('/rank', <RankScreen />);
    expect(await screen.findByText('排行榜暂无数据')).toBeTruthy();
  });

  it('shows a skeleton, then the failure with retry', async () => {
    let failing = true;
    serve(
      () => (failing ? networkFailure : answer({ list: [game(1, '原神')] })),
      () => answer({ list: [] }),
    );
    renderScreen('/rank', <RankScreen />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    expect(await screen.findByText('排行榜加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('table', { name: '热门游戏' })).toBeTruthy();
  });
});
