import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { bargainPaths, type Bargain, type BargainTab, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { bargainKeys } from '@/core/query-keys';

export function fetchBargainSellerList(page: number, tab: BargainTab): Promise<Page<Bargain>> {
  return http.get<Page<Bargain>>(bargainPaths.sellerList, { page, page_size: 20, tab }).then(unwrap);
}

export const bargainSellerListQueryOptions = (tab: BargainTab) =>
  infiniteQueryOptions({
    queryKey: bargainKeys.list('seller', tab),
    queryFn: ({ pageParam }) => fetchBargainSellerList(pageParam, tab),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useBargainSellerList(tab: BargainTab, enabled: boolean) {
  return useInfiniteQuery({ ...bargainSellerListQueryOptions(tab), enabled });
}
