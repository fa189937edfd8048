import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { claimPaths, type ClaimList, type ClaimStaffTab } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

export const STAFF_CLAIMS_PAGE_SIZE = 20;

export function fetchStaffClaims(tab: ClaimStaffTab, q: string, page: number): Promise<ClaimList> {
  return http
    .get<ClaimList>(claimPaths.staffList, {
      tab,
      page,
      page_size: STAFF_CLAIMS_PAGE_SIZE,
      ...(q ? { q } : {}),
    })
    .then(unwrap);
}

export const staffClaimsQueryOptions = (tab: ClaimStaffTab, q: string) =>
  infiniteQueryOptions({
    queryKey: guaranteeKeys.staffList(tab, q),
    queryFn: ({ pageParam }) => fetchStaffClaims(tab, q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useStaffClaims(tab: ClaimStaffTab, q: string) {
  return useInfiniteQuery(staffClaimsQueryOptions(tab, q));
}
