import type { RoutePrefetch } from '@/core/feature-routes';
import { COMMENT_PREVIEW_COUNT, commentSummaryQueryOptions, commentsQueryOptions } from './api/comments';
import { followingQueryOptions } from './api/follow-store';
import { goodsDetailQueryOptions } from './api/goods-detail';
import { recommendationsQueryOptions } from './api/recommendations';
import { idParam } from './params';

const ignore = () => undefined;

/**
 * The listing detail and its variants. The listing is the first paint; the reviews and the similar
 * listings need only the goods id, so they start with it instead of after it. Whether the user
 * follows the seller needs the seller's id: it starts as soon as the listing arrives.
 */
export const prefetchGoodsDetail: RoutePrefetch = async ({ queryClient, search, loggedIn }) => {
  const goodsId = idParam(search.get('goods_id'));
  if (goodsId === undefined) return;
  const qrTicket = search.get('qr_ticket') ?? undefined;
  void queryClient.query(commentSummaryQueryOptions(goodsId)).catch(ignore);
  void queryClient
    .infiniteQuery(commentsQueryOptions(goodsId, undefined, COMMENT_PREVIEW_COUNT))
    .catch(ignore);
  void queryClient.infiniteQuery(recommendationsQueryOptions('similar', goodsId)).catch(ignore);
  const goods = await queryClient.query({
    ...goodsDetailQueryOptions(goodsId, loggedIn, qrTicket),
    staleTime: 'static',
  });
  if (loggedIn && !goods.is_mine)
    void queryClient.query(followingQueryOptions(goods.seller.id)).catch(ignore);
};
