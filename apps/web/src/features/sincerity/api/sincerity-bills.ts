import { useInfiniteQuery } from '@tanstack/react-query';
import { sincerityPaths, type Page, type SincerityKind, type SincerityMovement } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export const BILL_PAGE_SIZE = 20;

export function fetchSincerityBills(kind: SincerityKind, page: number): Promise<Page<SincerityMovement>> {
  return http
    .get<Page<SincerityMovement>>(sincerityPaths.billPage, { kind, page, page_size: BILL_PAGE_SIZE })
    .then(unwrap);
}

export const sincerityBillsQueryKey = (kind: SincerityKind) => ['sincerity', 'bills', kind] as const;

/** The holding's movements, newest first, one page at a time. */
export function useSincerityBills(kind: SincerityKind, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: sincerityBillsQueryKey(kind),
    queryFn: ({ pageParam }) => fetchSincerityBills(kind, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled,
  });
}
