import { useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalPaths, type Page, type StaffWithdrawal, type WithdrawalStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';

export function fetchStaffList(page: number, status?: WithdrawalStatus): Promise<Page<StaffWithdrawal>> {
  return http
    .get<Page<StaffWithdrawal>>(withdrawalPaths.staffList, {
      page,
      page_size: 20,
      ...(status ? { status } : {}),
    })
    .then(unwrap);
}

export function useStaffList(status?: WithdrawalStatus) {
  return useInfiniteQuery({
    queryKey: ['withdrawals', 'staff', 'list', status ?? 'all'],
    queryFn: ({ pageParam }) => fetchStaffList(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
}
