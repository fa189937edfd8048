import { useQuery } from '@tanstack/react-query';
import { couponPaths, type CouponHall, type NewUserPackage } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchCouponHall(): Promise<CouponHall> {
  return http.get<CouponHall>(couponPaths.hall).then(unwrap);
}

export const couponHallQueryKey = ['coupons', 'hall'] as const;

export function useCouponHall() {
  return useQuery({ queryKey: couponHallQueryKey, queryFn: fetchCouponHall });
}

export function fetchNewUserPackage(): Promise<NewUserPackage> {
  return http.get<NewUserPackage>(couponPaths.newUserMain).then(unwrap);
}

export const newUserPackageQueryKey = ['coupons', 'new-user'] as const;

/** Only for a logged-in user: the package depends on who asks. */
export function useNewUserPackage(loggedIn: boolean) {
  return useQuery({ queryKey: newUserPackageQueryKey, queryFn: fetchNewUserPackage, enabled: loggedIn });
}
