import { queryOptions, useQuery } from '@tanstack/react-query';
import { orderPaths, type OrderList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';
import { SELLER_HELPER_LIMIT } from './seller-offers';

/** The seller's orders in progress (the helper lists those waiting for the seller to deliver). */
export function fetchSellerDeliveries(): Promise<OrderList> {
  return http
    .get<OrderList>(orderPaths.list, {
      side: 'sell',
      tab: 'in_progress',
      page: 1,
      page_size: SELLER_HELPER_LIMIT,
    })
    .then(unwrap);
}

export const sellerDeliveriesQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.sellerDeliveries, queryFn: fetchSellerDeliveries });

export function useSellerDeliveries() {
  return useQuery(sellerDeliveriesQueryOptions());
}
