import { queryOptions, useQuery } from '@tanstack/react-query';
import { bargainPaths, type Bargain, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

export const SELLER_HELPER_LIMIT = 20;

/** The seller's open bargains (the helper lists those waiting for the seller's answer). */
export function fetchSellerOffers(): Promise<Page<Bargain>> {
  return http
    .get<Page<Bargain>>(bargainPaths.sellerList, { page: 1, page_size: SELLER_HELPER_LIMIT, tab: 'open' })
    .then(unwrap);
}

export const sellerOffersQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.sellerOffers, queryFn: fetchSellerOffers });

export function useSellerOffers() {
  return useQuery(sellerOffersQueryOptions());
}
