import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { couponPaths, type CouponList, type CouponTab } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { couponKeys } from '@/core/query-keys';

export const COUPON_PAGE_SIZE = 20;

export function fetchCouponList(status: CouponTab, page: number): Promise<CouponList> {
  return http.get<CouponList>(couponPaths.list, { status, page, page_size: COUPON_PAGE_SIZE }).then(unwrap);
}

export const couponListQueryOptions = (status: CouponTab) =>
  infiniteQueryOptions({
    queryKey: couponKeys.list(status),
    queryFn: ({ pageParam }) => fetchCouponList(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useCouponList(status: CouponTab) {
  return useInfiniteQuery(couponListQueryOptions(status));
}
