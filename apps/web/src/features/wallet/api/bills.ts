import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { walletPaths, type BillList, type BillType } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { walletKeys } from '@/core/query-keys';

export const BILL_PAGE_SIZE = 20;

export interface BillFilter {
  type?: BillType;
  /** "2026-11" (China time). */
  month?: string;
}

export function fetchBills(filter: BillFilter, page: number, pageSize = BILL_PAGE_SIZE): Promise<BillList> {
  const params = { page, page_size: pageSize, ...filter };
  return http.get<BillList>(walletPaths.bill, params, { silent: true }).then(unwrap);
}

/** GET /app/user/bill page by page (endless list); every page also carries the monthly totals. */
export const billsQueryOptions = (filter: BillFilter) =>
  infiniteQueryOptions({
    queryKey: walletKeys.billList(filter.type, filter.month),
    queryFn: ({ pageParam }) => fetchBills(filter, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useBills(filter: BillFilter) {
  return useInfiniteQuery(billsQueryOptions(filter));
}
