import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Page, type SavedGoodsItem } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { nextPageNumber } from '@/core/page-list';
import { invalidateAfter } from '@/core/query-links';
import { favouritesKeys } from '@/core/query-keys';

export const FAVOURITES_PAGE_SIZE = 20;

export function fetchFavourites(page: number): Promise<Page<SavedGoodsItem>> {
  return http
    .get<Page<SavedGoodsItem>>(apiPaths.userSaveGoods, { page, page_size: FAVOURITES_PAGE_SIZE })
    .then(unwrap);
}

export const favouritesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: favouritesKeys.saved,
    queryFn: ({ pageParam }) => fetchFavourites(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useFavourites() {
  return useInfiniteQuery(favouritesQueryOptions());
}

export function removeFavourite(goodsId: number): Promise<{ saved: boolean; favourites: number }> {
  return http
    .post<{ saved: boolean; favourites: number }>(apiPaths.userSaveGoods, { goods_id: goodsId, save: false })
    .then(unwrap);
}

/** Removes one listing from the favourites and reloads the list. */
export function useRemoveFavourite(onRemoved: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeFavourite,
    onSuccess: async () => {
      onRemoved();
      await invalidateAfter(client, 'removeFavourite');
    },
    onError: showError,
  });
}
