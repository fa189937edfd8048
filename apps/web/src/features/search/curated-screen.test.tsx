import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GoodsFilterRequest } from '@haoshi/contracts';
import { page, searchHit } from '@/core/goods-fixtures.test-support';
import {
  answer,
  fakeApi,
  networkFailure,
  renderScreen,
  type ApiAnswer,
} from '@/core/screen-harness.test-support';
import CuratedScreen from './curated-screen';

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

function serve(list: (body: GoodsFilterRequest) => ApiAnswer) {
  api = fakeApi({ 'POST /app/goods/list/filter': ({ body }) => list(body as GoodsFilterRequest) });
  return api;
}

const bodies = () =>
  (api?.calls('POST /app/goods/list/filter') ?? []).map((call) => call.body as GoodsFilterRequest);

describe('/mhbProductCommon', () => {
  it('lists verified, guaranteed listings hottest first, and switches tabs in the address', async () => {
    serve(() => answer({ ...page([searchHit(1), searchHit(2)]), snapshot_id: 1 }));
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
    serve(() => (failing ? networkFailure : answer({ ...page([]), snapshot_id: 1 })));
    renderScreen('/mhbProductCommon', <CuratedScreen />);
    expect(await screen.findByText('商品加载失败')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂时没有精选商品')).toBeTruthy();
    expect(screen.getByRole('button', { name: '全部商品' })).toBeTruthy();
  });
});
