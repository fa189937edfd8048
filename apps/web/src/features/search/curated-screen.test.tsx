import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@haoshi/contracts';
import { searchHit, searchPage } from '@/core/goods-fixtures.test-support';
import { reply, setupFakeApi } from '@/core/http/fake-api.test-support';
import { renderScreen } from '@/core/screen-harness.test-support';
import CuratedScreen from './curated-screen';

const fake = setupFakeApi();
const bodies = () => fake.calls(apiPaths.goodsListFilter).map((call) => call.body);

describe('/mhbProductCommon', () => {
  it('lists verified, guaranteed listings hottest first, and switches tabs in the address', async () => {
    fake.on(apiPaths.goodsListFilter, () => searchPage([searchHit(1), searchHit(2)]));
    const { router } = renderScreen('/mhbProductCommon', <CuratedScreen />);
    expect(screen.getByLabelText('加载中')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('goods-card')).toHaveLength(2));
    expect(bodies()[0]).toEqual({
      page: 1,
      page_size: 20,
      sort: 'hot',
      tags: ['official_shots', 'guarantee'],
    });
    fireEvent.click(screen.getByText('可换绑'));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=rebind'));
    await waitFor(() => expect(bodies().at(-1)?.tags).toEqual(['rebind']));
  });

  it('points to all listings when nothing is curated, and retries a failure', async () => {
    let failing = true;
    fake.on(apiPaths.goodsListFilter, () => (failing ? reply.network() : searchPage([])));
    renderScreen('/mhbProductCommon', <CuratedScreen />);
    expect(await screen.findByText('商品加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂时没有精选商品')).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部商品' })).toBeTruthy();
  });
});
