import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export interface SaveStatus {
  saved: boolean;
  favourites: number;
}

export function fetchSaveStatus(goodsId: number): Promise<SaveStatus> {
  return http.get<SaveStatus>(apiPaths.goodsSaveStatus, { goods_id: goodsId }, { silent: true }).then(unwrap);
}

export const saveStatusQueryKey = (goodsId: number, loggedIn: boolean) =>
  ['goods-detail', 'save-status', goodsId, loggedIn] as const;

/**
 * Starts from the detail answer's `saved` (as old as that answer); asked again through
 * /app/goods/save/status once it is stale, e.g. when the listing is opened again later.
 */
export function useSaveStatus(goodsId: number, loggedIn: boolean, initial: SaveStatus, initialAt: number) {
  return useQuery({
    queryKey: saveStatusQueryKey(goodsId, loggedIn),
    queryFn: () => fetchSaveStatus(goodsId),
    initialData: initial,
    initialDataUpdatedAt: initialAt,
    staleTime: 30_000,
  });
}
