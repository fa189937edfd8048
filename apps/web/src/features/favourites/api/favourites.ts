import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Page, type SavedGoodsItem } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { nextPageNumber } from '@/core/page-list';

export const FAVOURITES_PAGE_SIZE = 20;
export const favouritesKey = ['favourites', 'saved'] as const;

export function fetchFavourites(page: number): Promise<Page<SavedGoodsItem>> {
  return http
    .get<Page<SavedGoodsItem>>(apiPaths.userSaveGoods, { page, page_size: FAVOURITES_PAGE_SIZE })
    .then(unwrap);
}

export function useFavourites() {
  return useInfiniteQuery({
    queryKey: favouritesKey,
    queryFn: ({ pageParam }) => fetchFavourites(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });
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
      await client.invalidateQueries({ queryKey: favouritesKey });
    },
    onError: showError,
  });
}
