import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type Page, type ProfileChange } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { personalKeys } from '@/core/query-keys';

export const HISTORY_PAGE_SIZE = 10;

export function fetchProfileHistory(page: number): Promise<Page<ProfileChange>> {
  return http
    .get<Page<ProfileChange>>(apiPaths.userProfileHistory, { page, page_size: HISTORY_PAGE_SIZE })
    .then(unwrap);
}

export const profileHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: personalKeys.history,
    queryFn: ({ pageParam }) => fetchProfileHistory(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useProfileHistory() {
  return useInfiniteQuery(profileHistoryQueryOptions());
}
