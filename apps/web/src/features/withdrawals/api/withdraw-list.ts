import { useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalPaths, type Page, type Withdrawal, type WithdrawalStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';

export function fetchWithdrawList(page: number, status?: WithdrawalStatus): Promise<Page<Withdrawal>> {
  return http
    .get<Page<Withdrawal>>(withdrawalPaths.list, { page, page_size: 20, ...(status ? { status } : {}) })
    .then(unwrap);
}

export function useWithdrawList(status?: WithdrawalStatus) {
  return useInfiniteQuery({
    queryKey: ['withdrawals', 'list', status ?? 'all'],
    queryFn: ({ pageParam }) => fetchWithdrawList(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
}
