import { queryOptions, useQuery } from '@tanstack/react-query';
import { evaluationPaths, type EvaluationMain } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { evaluationKeys } from '@/core/query-keys';

/** What the viewer can evaluate, one order's evaluations ('' for none) and the cash-back offer. */
export function fetchEvaluationMain(orderNo: string): Promise<EvaluationMain> {
  return http.get<EvaluationMain>(evaluationPaths.main, orderNo ? { order_no: orderNo } : {}).then(unwrap);
}

export const evaluationMainQueryOptions = (orderNo: string) =>
  queryOptions({ queryKey: evaluationKeys.main(orderNo), queryFn: () => fetchEvaluationMain(orderNo) });

export function useEvaluationMain(orderNo: string) {
  return useQuery(evaluationMainQueryOptions(orderNo));
}
