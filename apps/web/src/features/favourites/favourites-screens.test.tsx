import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@haoshi/contracts';
import { setNavigator } from '@/core/navigation';
import { setAuthorization } from '@/core/storage';
import { page, savedItem } from '@/core/goods-fixtures.test-support';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import AttentionScreen from './attention-screen';
import CollectionScreen from './collection-screen';
import FootprintScreen from './footprint-screen';
import VisitorScreen from './visitor-screen';

const fake = setupFakeApi();

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('guests', () => {
  it.each([
    ['/collection', <CollectionScreen key="c" />],
    ['/footprint', <FootprintScreen key="f" />],
    ['/visitor', <VisitorScreen key="v" />],
    ['/attention', <AttentionScreen key="a" />],
  ])('%s asks a guest to log in and loads nothing', (path, element) => {
    renderScreen(path, element, { otherPaths: ['/h5Login'] });
    expect(screen.getByTestId('login-required')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去登录' })).toBeTruthy();
    expect(fake.requests).toHaveLength(0);
  });

  it('the login button opens /h5Login with a way back here', () => {
    const navigate = vi.fn();
    const unregister = setNavigator(navigate);
    renderScreen('/collection', <CollectionScreen />);
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    unregister();
    expect(navigate).toHaveBeenCalledWith('/h5Login?redirect=%2Fcollection', undefined);
  });
});

describe('logged in', () => {
  beforeEach(() => setAuthorization('token-1'));

  it('/collection lists favourites, greys sold ones, and removes one after confirmation', async () => {
    let saved = [
      savedItem(1, hoursAgo(1)),
      savedItem(2, hoursAgo(2), { status: 'sold', status_label: '已售出' }),
    ];
    fake
      .on('GET', apiPaths.userSaveGoods, () => page(saved))
      .on('POST', apiPaths.userSaveGoods, ({ body }) => {
        saved = saved.filter((item) => item.id !== body.goods_id);
        return { saved: false, favourites: 0 };
      });
    renderScreen('/collection', <CollectionScreen />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('goods-card')).toHaveLength(2));
    expect(screen.getByText('已售出')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取消收藏：.*皮肤2个/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消收藏' }));
    await waitFor(() => expect(screen.getAllByTestId('goods-card')).toHaveLength(1));
    expect(fake.calls(apiPaths.userSaveGoods, 'POST')[0]?.body).toEqual({ goods_id: 2, save: false });
  });

  it('/collection says how to collect when empty, and retries a failure', async () => {
    let failing = true;
    fake.on('GET', apiPaths.userSaveGoods, () => (failing ? reply.network() : page([])));
    renderScreen('/collection', <CollectionScreen />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('还没有收藏的商品')).toBeTruthy();
  });

  it('/footprint groups the viewed listings by day', async () => {
    const now = new Date();
    const earlier = new Date(now);
    earlier.setDate(now.getDate() - 1);
    fake.on(apiPaths.userVisit, () =>
      page([
        savedItem(1, now.toISOString()),
        savedItem(2, now.toISOString()),
        savedItem(3, earlier.toISOString()),
      ]),
    );
    renderScreen('/footprint', <FootprintScreen />);
    const today = await screen.findByRole('region', { name: '今天' });
    expect(within(today).getAllByTestId('goods-card')).toHaveLength(2);
    expect(within(screen.getByRole('region', { name: '昨天' })).getAllByTestId('goods-card')).toHaveLength(1);
  });

  it('/footprint says what it will hold when empty', async () => {
    fake.on(apiPaths.userVisit, () => page([]));
    renderScreen('/footprint', <FootprintScreen />);
    expect(await screen.findByText('还没有浏览记录')).toBeTruthy();
  });

  it('/visitor lists who looked at which listing', async () => {
    fake.on(apiPaths.userVisitor, () =>
      page([
        {
          user_id: 5,
          nickname: '买家小李',
          avatar: '',
          goods_id: 42,
          goods_title: '王者满皮肤',
          visits: 3,
          last_visited_at: hoursAgo(0),
        },
      ]),
    );
    renderScreen('/visitor', <VisitorScreen />);
    const row = await screen.findByTestId('visitor-row');
    expect(within(row).getByText('买家小李')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '王者满皮肤' }).getAttribute('href')).toBe(
      '/goodsDetail?goods_id=42',
    );
    expect(within(row).getByText('看了 3 次')).toBeTruthy();
  });

  it('/visitor is empty or failed with retry', async () => {
    let failing = true;
    fake.on(apiPaths.userVisitor, () => (failing ? reply.network() : page([])));
    renderScreen('/visitor', <VisitorScreen />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('还没有人看过你的商品')).toBeTruthy();
  });

  it('/attention lists followed stores and unfollows one after confirmation', async () => {
    let stores = [
      {
        seller_id: 9,
        store_name: '号主小店',
        avatar: '',
        rating: '4.8',
        on_sale: 12,
        followers: 40,
        followed_at: hoursAgo(5),
      },
    ];
    fake
      .on('GET', apiPaths.userSubscribe, () => ({ ...page(stores), following: null }))
      .on('POST', apiPaths.userSubscribe, () => {
        stores = [];
        return { following: false, followers: 39 };
      });
    renderScreen('/attention', <AttentionScreen />);
    const row = await screen.findByTestId('followed-store');
    expect(within(row).getByText('评分 4.8 · 在售 12 · 粉丝 40')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: '取消关注：号主小店' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消关注' }));
    expect(await screen.findByText('还没有关注的店铺')).toBeTruthy();
    expect(fake.calls(apiPaths.userSubscribe, 'POST')[0]?.body).toEqual({ seller_id: 9, follow: false });
  });
});
