import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type ListHeader } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { searchKeys } from '@/core/query-keys';

/** Sorts, platforms, partitions, price presets, tags and the game's attribute filters. */
export function fetchListHeader(gameId: number | undefined): Promise<ListHeader> {
  return http
    .post<ListHeader>(apiPaths.goodsListHeader, gameId === undefined ? {} : { game_id: gameId })
    .then(unwrap);
}

export const listHeaderQueryOptions = (gameId: number | undefined) =>
  queryOptions({
    queryKey: searchKeys.listHeader(gameId),
    queryFn: () => fetchListHeader(gameId),
    staleTime: 5 * 60_000,
  });

export function useListHeader(gameId: number | undefined) {
  return useQuery(listHeaderQueryOptions(gameId));
}
