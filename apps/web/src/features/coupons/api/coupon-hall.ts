import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponPaths, type CouponHall, type NewUserPackage } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { couponKeys } from '@/core/query-keys';

export function fetchCouponHall(): Promise<CouponHall> {
  return http.get<CouponHall>(couponPaths.hall).then(unwrap);
}

export const couponHallQueryOptions = () =>
  queryOptions({ queryKey: couponKeys.hall, queryFn: fetchCouponHall });

export function useCouponHall() {
  return useQuery(couponHallQueryOptions());
}

export function fetchNewUserPackage(): Promise<NewUserPackage> {
  return http.get<NewUserPackage>(couponPaths.newUserMain).then(unwrap);
}

export const newUserPackageQueryOptions = () =>
  queryOptions({ queryKey: couponKeys.newUser, queryFn: fetchNewUserPackage });

/** Only for a logged-in user: the package depends on who asks. */
export function useNewUserPackage(loggedIn: boolean) {
  return useQuery({ ...newUserPackageQueryOptions(), enabled: loggedIn });
}
