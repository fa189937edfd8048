import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { evaluationPaths, type ReceivedEvaluations } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { evaluationKeys } from '@/core/query-keys';

export const RECEIVED_PAGE_SIZE = 20;

export function fetchReceivedEvaluations(userId: number, page: number): Promise<ReceivedEvaluations> {
  return http
    .get<ReceivedEvaluations>(evaluationPaths.received, {
      user_id: userId,
      page,
      page_size: RECEIVED_PAGE_SIZE,
    })
    .then(unwrap);
}

export const receivedEvaluationsQueryOptions = (userId: number) =>
  infiniteQueryOptions({
    queryKey: evaluationKeys.received(userId),
    queryFn: ({ pageParam }) => fetchReceivedEvaluations(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useReceivedEvaluations(userId: number) {
  return useInfiniteQuery(receivedEvaluationsQueryOptions(userId));
}
