import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { goodsDetailKeys } from '@/core/query-keys';

export interface SaveStatus {
  saved: boolean;
  favourites: number;
}

export function fetchSaveStatus(goodsId: number): Promise<SaveStatus> {
  return http.get<SaveStatus>(apiPaths.goodsSaveStatus, { goods_id: goodsId }, { silent: true }).then(unwrap);
}

/**
 * Starts from the detail answer's `saved` (as old as that answer); asked again through
 * /app/goods/save/status once it is stale, e.g. when the listing is opened again later.
 */
export const saveStatusQueryOptions = (goodsId: number, loggedIn: boolean) =>
  queryOptions({
    queryKey: goodsDetailKeys.saveStatus(goodsId, loggedIn),
    queryFn: () => fetchSaveStatus(goodsId),
    staleTime: 30_000,
  });

export function useSaveStatus(goodsId: number, loggedIn: boolean, initial: SaveStatus, initialAt: number) {
  return useQuery({
    ...saveStatusQueryOptions(goodsId, loggedIn),
    initialData: initial,
    initialDataUpdatedAt: initialAt,
  });
}
