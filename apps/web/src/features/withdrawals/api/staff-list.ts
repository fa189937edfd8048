import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { withdrawalPaths, type Page, type StaffWithdrawal, type WithdrawalStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { withdrawalKeys } from '@/core/query-keys';

export function fetchStaffList(page: number, status?: WithdrawalStatus): Promise<Page<StaffWithdrawal>> {
  return http
    .get<Page<StaffWithdrawal>>(withdrawalPaths.staffList, {
      page,
      page_size: 20,
      ...(status ? { status } : {}),
    })
    .then(unwrap);
}

export const staffListQueryOptions = (status?: WithdrawalStatus) =>
  infiniteQueryOptions({
    queryKey: withdrawalKeys.staffListOf(status),
    queryFn: ({ pageParam }) => fetchStaffList(pageParam, status),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useStaffList(status?: WithdrawalStatus) {
  return useInfiniteQuery(staffListQueryOptions(status));
}
