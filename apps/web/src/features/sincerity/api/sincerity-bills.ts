import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { sincerityPaths, type Page, type SincerityKind, type SincerityMovement } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { sincerityKeys } from '@/core/query-keys';

export const BILL_PAGE_SIZE = 20;

export function fetchSincerityBills(kind: SincerityKind, page: number): Promise<Page<SincerityMovement>> {
  return http
    .get<Page<SincerityMovement>>(sincerityPaths.billPage, { kind, page, page_size: BILL_PAGE_SIZE })
    .then(unwrap);
}

/** The holding's movements, newest first, one page at a time. */
export const sincerityBillsQueryOptions = (kind: SincerityKind) =>
  infiniteQueryOptions({
    queryKey: sincerityKeys.bills(kind),
    queryFn: ({ pageParam }) => fetchSincerityBills(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useSincerityBills(kind: SincerityKind, enabled: boolean) {
  return useInfiniteQuery({ ...sincerityBillsQueryOptions(kind), enabled });
}
