import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsCard, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { homeKeys } from '@/core/query-keys';

export const RECOMMEND_PAGE_SIZE = 10;

export function fetchRecommend(page: number): Promise<Page<GoodsCard>> {
  return http
    .get<Page<GoodsCard>>(apiPaths.goodsRecommend, { page, page_size: RECOMMEND_PAGE_SIZE })
    .then(unwrap);
}

export const recommendFeedQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: homeKeys.recommend,
    queryFn: ({ pageParam }) => fetchRecommend(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
    staleTime: 60_000,
  });

/** The home feed, page by page as the user scrolls. */
export function useRecommendFeed() {
  return useInfiniteQuery(recommendFeedQueryOptions());
}
