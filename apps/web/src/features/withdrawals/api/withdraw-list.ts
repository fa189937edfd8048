import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalPaths, type Page, type Withdrawal, type WithdrawalStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { withdrawalKeys } from '@/core/query-keys';

export function fetchWithdrawList(page: number, status?: WithdrawalStatus): Promise<Page<Withdrawal>> {
  return http
    .get<Page<Withdrawal>>(withdrawalPaths.list, { page, page_size: 20, ...(status ? { status } : {}) })
    .then(unwrap);
}

export const withdrawListQueryOptions = (status?: WithdrawalStatus) =>
  infiniteQueryOptions({
    queryKey: withdrawalKeys.listOf(status),
    queryFn: ({ pageParam }) => fetchWithdrawList(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useWithdrawList(status?: WithdrawalStatus) {
  return useInfiniteQuery(withdrawListQueryOptions(status));
}
