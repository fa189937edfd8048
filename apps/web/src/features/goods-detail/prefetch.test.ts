import { QueryClient } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { describe, expect, it } from 'vitest';
import { setupFakeApi } from '@/core/http/fake-api.test-support';
import { goodsFixture } from './goods-detail.test-support';
import { prefetchGoodsDetail } from './prefetch';

const emptyPage = { list: [], total: 0, page: 1, page_size: 10 };
const summary = { seller_id: 9, total: 0, rating: '0.00', good_rate: '0%', tags: [], stars: [0, 0, 0, 0, 0] };

const fake = setupFakeApi();

/** Answers everything at once except the listing, which waits until `release` is called. */
function serveWithHeldListing(detail = goodsFixture()) {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const start = fake.requests.length;
  fake.on(apiPaths.goodsDetail, async () => {
    await held;
    return detail;
  });
  fake.on(apiPaths.goodsCommentMainV2, () => summary);
  fake.on(apiPaths.goodsCommentList, () => emptyPage);
  fake.on(apiPaths.goodsRecommend, () => emptyPage);
  fake.on('GET', apiPaths.userSubscribe, () => ({ ...emptyPage, following: true }));
  const paths = () => fake.requests.slice(start).map((request) => request.url.split('?')[0]);
  return { release, paths };
}

const run = (queryClient: QueryClient, search: string, loggedIn: boolean) =>
  prefetchGoodsDetail({ queryClient, search: new URLSearchParams(search), loggedIn });

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the listing detail prefetch', () => {
  it('asks for the first screen only: the listing, then whether the user follows its seller', async () => {
    const server = serveWithHeldListing();
    const queryClient = new QueryClient();
    const done = run(queryClient, 'goods_id=42', true);
    await settle();
    expect(server.paths()).toEqual(['/app/goods/detail']);

    server.release();
    await done;
    await settle();
    // The seller's id came with the listing: whether the user follows the store is asked at once.
    // The reviews and similar listings are left to their sections, when they come near the screen.
    expect(server.paths()).toEqual(['/app/goods/detail', '/app/user/subscribe']);
    expect(queryClient.getQueryData(['goods-detail', 42, true])).toMatchObject({ id: 42 });
    // The first screenshot, the page's largest picture, is fetched before the screen renders it.
    const preload = document.head.querySelector('link[rel="preload"][as="image"]');
    expect(preload?.getAttribute('imagesizes')).toBe('100vw');
    expect(queryClient.getQueryData(['goods-detail', 'following', 9])).toBe(true);
  });

  it('asks nothing about following for a guest or for the seller’s own listing', async () => {
    const guest = serveWithHeldListing();
    guest.release();
    await run(new QueryClient(), 'goods_id=42', false);
    await settle();
    expect(guest.paths()).not.toContain('/app/user/subscribe');

    const own = serveWithHeldListing(goodsFixture({ is_mine: true }));
    own.release();
    await run(new QueryClient(), 'goods_id=42', true);
    await settle();
    expect(own.paths()).not.toContain('/app/user/subscribe');
  });

  it('does nothing without a valid goods id', async () => {
    const server = serveWithHeldListing();
    await run(new QueryClient(), 'goods_id=abc', true);
    expect(server.paths()).toEqual([]);
  });
});
