import { useMutation, useQueryClient } from '@tanstack/react-query';
import { couponPaths, type CouponReceiveResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function receiveCoupon(templateId: number): Promise<CouponReceiveResult> {
  return http.post<CouponReceiveResult>(couponPaths.receive, { template_id: templateId }).then(unwrap);
}

export function receiveNewUserPackage(): Promise<CouponReceiveResult> {
  return http.post<CouponReceiveResult>(couponPaths.newUserReceive).then(unwrap);
}

function useRefreshCoupons() {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, 'receiveCoupon');
}

export function useReceiveCoupon(onReceived: (result: CouponReceiveResult) => void) {
  const refresh = useRefreshCoupons();
  return useMutation({
    mutationFn: receiveCoupon,
    onSuccess: (result) => {
      onReceived(result);
      return refresh();
    },
    // Stock or a claim changed under us: show why and the fresh numbers.
    onError: (error) => {
      showError(error);
      return refresh();
    },
  });
}

export function useReceiveNewUserPackage(onReceived: (result: CouponReceiveResult) => void) {
  const refresh = useRefreshCoupons();
  return useMutation({
    mutationFn: receiveNewUserPackage,
    onSuccess: (result) => {
      onReceived(result);
      return refresh();
    },
    onError: (error) => {
      showError(error);
      return refresh();
    },
  });
}
