import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsCard, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { goodsDetailKeys } from '@/core/query-keys';

export const RECOMMEND_PAGE_SIZE = 10;

export type RecommendSource = 'similar' | 'store';

const pathOf: Record<RecommendSource, string> = {
  similar: apiPaths.goodsRecommend,
  store: apiPaths.goodsRecommendFromStore,
};

/** GET /app/goods/recommend (same game) or /recommend/from_store (the seller's other listings). */
export function fetchRecommendations(
  source: RecommendSource,
  goodsId: number,
  page: number,
): Promise<Page<GoodsCard>> {
  return http
    .get<Page<GoodsCard>>(
      pathOf[source],
      { goods_id: goodsId, page, page_size: RECOMMEND_PAGE_SIZE },
      { silent: true },
    )
    .then(unwrap);
}

export const recommendationsQueryOptions = (source: RecommendSource, goodsId: number) =>
  infiniteQueryOptions({
    queryKey: goodsDetailKeys.recommend(source, goodsId),
    queryFn: ({ pageParam }) => fetchRecommendations(source, goodsId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useRecommendations(source: RecommendSource, goodsId: number) {
  return useInfiniteQuery(recommendationsQueryOptions(source, goodsId));
}
