import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPaths, type Comment, type CommentTag, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { goodsDetailKeys } from '@/core/query-keys';

export interface CommentSummary {
  seller_id: number;
  total: number;
  rating: string;
  good_rate: string;
  tags: { code: CommentTag; label: string; count: number }[];
  stars: number[];
}

export const COMMENT_PAGE_SIZE = 10;
/** The detail shows the latest three; the route prefetches exactly that page. */
export const COMMENT_PREVIEW_COUNT = 3;

export function fetchCommentSummary(goodsId: number): Promise<CommentSummary> {
  return http
    .get<CommentSummary>(apiPaths.goodsCommentMainV2, { goods_id: goodsId }, { silent: true })
    .then(unwrap);
}

/** GET /app/goods/comment/main/v2: the seller's rating, good rate, tag and star counts. */
export const commentSummaryQueryOptions = (goodsId: number) =>
  queryOptions({
    queryKey: goodsDetailKeys.commentSummary(goodsId),
    queryFn: () => fetchCommentSummary(goodsId),
  });

export function useCommentSummary(goodsId: number) {
  return useQuery(commentSummaryQueryOptions(goodsId));
}

export function fetchComments(
  goodsId: number,
  tag: CommentTag | undefined,
  page: number,
  pageSize = COMMENT_PAGE_SIZE,
): Promise<Page<Comment>> {
  const params = { goods_id: goodsId, page, page_size: pageSize, ...(tag ? { tag } : {}) };
  return http.get<Page<Comment>>(apiPaths.goodsCommentList, params, { silent: true }).then(unwrap);
}

/** GET /app/goods/comment/list, page by page (endless list), optionally narrowed to one tag. */
export const commentsQueryOptions = (
  goodsId: number,
  tag: CommentTag | undefined,
  pageSize = COMMENT_PAGE_SIZE,
) =>
  infiniteQueryOptions({
    queryKey: goodsDetailKeys.comments(goodsId, tag, pageSize),
    queryFn: ({ pageParam }) => fetchComments(goodsId, tag, pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useComments(goodsId: number, tag: CommentTag | undefined, pageSize = COMMENT_PAGE_SIZE) {
  return useInfiniteQuery(commentsQueryOptions(goodsId, tag, pageSize));
}
