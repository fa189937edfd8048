import { queryOptions, useQuery } from '@tanstack/react-query';
import { disputePaths, ErrorCodes, type DisputeDetail } from '@haoshi/contracts';
import { http, isApiError, unwrap } from '@/core/http/client';
import { afterSalesKeys } from '@/core/query-keys';

/** The order's dispute, or null when none was opened (4760). */
export function fetchDisputeDetail(orderNo: string): Promise<DisputeDetail | null> {
  return http
    .get<DisputeDetail>(disputePaths.detail, { order_no: orderNo }, { silent: true })
    .then(unwrap)
    .catch((error: unknown) => {
      if (isApiError(error) && error.code === ErrorCodes.DISPUTE_NOT_FOUND) return null;
      throw error;
    });
}

export const disputeDetailQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: afterSalesKeys.detail(orderNo),
    queryFn: () => fetchDisputeDetail(orderNo),
  });

export function useDisputeDetail(orderNo: string) {
  return useQuery(disputeDetailQueryOptions(orderNo));
}
