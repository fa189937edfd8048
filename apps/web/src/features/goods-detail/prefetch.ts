import type { RoutePrefetch } from '@/core/feature-routes';
import { preloadImage } from '@/core/image';
import { followingQueryOptions } from './api/follow-store';
import { goodsDetailQueryOptions } from './api/goods-detail';
import { slideImage } from './gallery-image';
import { idParam } from './params';

const ignore = () => undefined;

/**
 * The listing detail and its variants: only what the first screen shows. The listing is the first
 * paint, and its first screenshot (the page's largest picture) starts downloading as soon as the
 * listing names it; whether the user follows the seller needs the seller's id and starts as soon as the listing
 * arrives. The reviews and similar listings are below the fold: their sections ask for them (code
 * and data) when they come near the screen, so they do not compete with the listing and its first
 * screenshot on a slow connection.
 */
export const prefetchGoodsDetail: RoutePrefetch = async ({ queryClient, search, loggedIn }) => {
  const goodsId = idParam(search.get('goods_id'));
  if (goodsId === undefined) return;
  const qrTicket = search.get('qr_ticket') ?? undefined;
  const goods = await queryClient.query({
    ...goodsDetailQueryOptions(goodsId, loggedIn, qrTicket),
    staleTime: 'static',
  });
  const firstShot = goods.screenshots[0];
  if (firstShot) preloadImage(slideImage(firstShot.url));
  if (loggedIn && !goods.is_mine)
    void queryClient.query(followingQueryOptions(goods.seller.id)).catch(ignore);
};
