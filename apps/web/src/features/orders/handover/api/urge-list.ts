import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { orderHandoverPaths, type UrgePage } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { orderHandoverKeys } from '@/core/query-keys';

const PAGE_SIZE = 20;

export function fetchUrges(page: number): Promise<UrgePage> {
  return http.get<UrgePage>(orderHandoverPaths.urge, { page, page_size: PAGE_SIZE }).then(unwrap);
}

/** 催单记录: urges on the viewer's orders, sent and received, newest first. */
export const urgeListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: orderHandoverKeys.urges,
    queryFn: ({ pageParam }) => fetchUrges(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: UrgePage) =>
      last.page * last.page_size < last.total ? last.page + 1 : undefined,
  });

export function useUrgeList() {
  return useInfiniteQuery(urgeListQueryOptions());
}
