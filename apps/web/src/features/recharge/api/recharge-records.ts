import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { paymentPaths, type Page, type RechargeOrder } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { rechargeKeys } from '@/core/query-keys';

export const RECORDS_PAGE_SIZE = 20;

export function fetchRechargeRecords(page: number): Promise<Page<RechargeOrder>> {
  return http
    .get<Page<RechargeOrder>>(
      paymentPaths.rechargeRecords,
      { page, page_size: RECORDS_PAGE_SIZE },
      { silent: true },
    )
    .then(unwrap);
}

/** GET /app/recharge/records (not in SPEC, see docs/decisions.md), page by page. */
export const rechargeRecordsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: rechargeKeys.records,
    queryFn: ({ pageParam }) => fetchRechargeRecords(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useRechargeRecords() {
  return useInfiniteQuery(rechargeRecordsQueryOptions());
}
