import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { claimPaths, type ClaimList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

export const CLAIMS_PAGE_SIZE = 20;

export function fetchMyClaims(page: number): Promise<ClaimList> {
  return http.get<ClaimList>(claimPaths.mine, { page, page_size: CLAIMS_PAGE_SIZE }).then(unwrap);
}

export const myClaimsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: guaranteeKeys.mine,
    queryFn: ({ pageParam }) => fetchMyClaims(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useMyClaims() {
  return useInfiniteQuery(myClaimsQueryOptions());
}
