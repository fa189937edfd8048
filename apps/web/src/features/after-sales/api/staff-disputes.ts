import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { disputePaths, type DisputeList } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { afterSalesKeys } from '@/core/query-keys';

export const STAFF_DISPUTES_PAGE_SIZE = 20;
export type DisputeQueueState = 'open' | 'resolved';

export function fetchStaffDisputes(state: DisputeQueueState, q: string, page: number): Promise<DisputeList> {
  return http
    .get<DisputeList>(disputePaths.staffList, {
      state,
      page,
      page_size: STAFF_DISPUTES_PAGE_SIZE,
      ...(q ? { q } : {}),
    })
    .then(unwrap);
}

export const staffDisputesQueryOptions = (state: DisputeQueueState, q: string) =>
  infiniteQueryOptions({
    queryKey: afterSalesKeys.staffList(state, q),
    queryFn: ({ pageParam }) => fetchStaffDisputes(state, q, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });

export function useStaffDisputes(state: DisputeQueueState, q: string) {
  return useInfiniteQuery(staffDisputesQueryOptions(state, q));
}
