import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { walletPaths, type ProfitList, type ProfitSummary } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { walletKeys } from '@/core/query-keys';

export function fetchProfitSummary(): Promise<ProfitSummary> {
  return http.get<ProfitSummary>(walletPaths.profit, undefined, { silent: true }).then(unwrap);
}

/** GET /app/user/msg_profit: income today, this month and in total. */
export const profitSummaryQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.profit, queryFn: fetchProfitSummary });

export function useProfitSummary() {
  return useQuery(profitSummaryQueryOptions());
}

export function fetchProfitMessages(page: number, pageSize = 10): Promise<ProfitList> {
  return http
    .post<ProfitList>(walletPaths.profitList, { page, page_size: pageSize }, { silent: true })
    .then(unwrap);
}

/** POST /app/user/msg_profit/list/v2: income messages, newest first. */
export const profitMessagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: walletKeys.profitMessages,
    queryFn: ({ pageParam }) => fetchProfitMessages(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useProfitMessages() {
  return useInfiniteQuery(profitMessagesQueryOptions());
}
