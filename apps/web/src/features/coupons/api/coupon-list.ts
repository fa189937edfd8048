import { useInfiniteQuery } from '@tanstack/react-query';
import { couponPaths, type CouponList, type CouponTab } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export const COUPON_PAGE_SIZE = 20;

export function fetchCouponList(status: CouponTab, page: number): Promise<CouponList> {
  return http.get<CouponList>(couponPaths.list, { status, page, page_size: COUPON_PAGE_SIZE }).then(unwrap);
}

export const couponListQueryKey = (status: CouponTab) => ['coupons', 'list', status] as const;

export function useCouponList(status: CouponTab) {
  return useInfiniteQuery({
    queryKey: couponListQueryKey(status),
    queryFn: ({ pageParam }) => fetchCouponList(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}
