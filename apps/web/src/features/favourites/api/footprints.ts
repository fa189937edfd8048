import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type Page, type SavedGoodsItem } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { nextPageNumber } from '@/core/page-list';
import { favouritesKeys } from '@/core/query-keys';

export const FOOTPRINTS_PAGE_SIZE = 20;

export function fetchFootprints(page: number): Promise<Page<SavedGoodsItem>> {
  return http
    .get<Page<SavedGoodsItem>>(apiPaths.userVisit, { page, page_size: FOOTPRINTS_PAGE_SIZE })
    .then(unwrap);
}

export const footprintsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: favouritesKeys.footprints,
    queryFn: ({ pageParam }) => fetchFootprints(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useFootprints() {
  return useInfiniteQuery(footprintsQueryOptions());
}
