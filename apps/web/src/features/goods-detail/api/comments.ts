import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPaths, type Comment, type CommentTag, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';

export interface CommentSummary {
  seller_id: number;
  total: number;
  rating: string;
  good_rate: string;
  tags: { code: CommentTag; label: string; count: number }[];
  stars: number[];
}

export const COMMENT_PAGE_SIZE = 10;

export function fetchCommentSummary(goodsId: number): Promise<CommentSummary> {
  return http
    .get<CommentSummary>(apiPaths.goodsCommentMainV2, { goods_id: goodsId }, { silent: true })
    .then(unwrap);
}

/** GET /app/goods/comment/main/v2: the seller's rating, good rate, tag and star counts. */
export function useCommentSummary(goodsId: number) {
  return useQuery({
    queryKey: ['goods-detail', 'comment-summary', goodsId],
    queryFn: () => fetchCommentSummary(goodsId),
  });
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
export function useComments(goodsId: number, tag: CommentTag | undefined, pageSize = COMMENT_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: ['goods-detail', 'comments', goodsId, tag ?? 'all', pageSize],
    queryFn: ({ pageParam }) => fetchComments(goodsId, tag, pageParam, pageSize),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
}
