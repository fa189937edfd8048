import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { evaluationPaths, type EvaluationTab, type MyEvaluations } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { evaluationKeys } from '@/core/query-keys';

export const MY_EVALUATIONS_PAGE_SIZE = 20;

export function fetchMyEvaluations(tab: EvaluationTab, page: number): Promise<MyEvaluations> {
  return http
    .get<MyEvaluations>(evaluationPaths.mine, { tab, page, page_size: MY_EVALUATIONS_PAGE_SIZE })
    .then(unwrap);
}

export const myEvaluationsQueryOptions = (tab: EvaluationTab) =>
  infiniteQueryOptions({
    queryKey: evaluationKeys.mine(tab),
    queryFn: ({ pageParam }) => fetchMyEvaluations(tab, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useMyEvaluations(tab: EvaluationTab) {
  return useInfiniteQuery(myEvaluationsQueryOptions(tab));
}
