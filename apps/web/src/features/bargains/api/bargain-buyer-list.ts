import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { bargainPaths, type Bargain, type BargainTab, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { bargainKeys } from '@/core/query-keys';

export function fetchBargainBuyerList(page: number, tab: BargainTab): Promise<Page<Bargain>> {
  return http.get<Page<Bargain>>(bargainPaths.buyerList, { page, page_size: 20, tab }).then(unwrap);
}

export const bargainBuyerListQueryOptions = (tab: BargainTab) =>
  infiniteQueryOptions({
    queryKey: bargainKeys.list('buyer', tab),
    queryFn: ({ pageParam }) => fetchBargainBuyerList(pageParam, tab),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useBargainBuyerList(tab: BargainTab, enabled: boolean) {
  return useInfiniteQuery({ ...bargainBuyerListQueryOptions(tab), enabled });
}
