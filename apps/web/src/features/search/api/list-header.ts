import { useQuery } from '@tanstack/react-query';
import { apiPaths, type ListHeader } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** Sorts, platforms, partitions, price presets, tags and the game's attribute filters. */
export function fetchListHeader(gameId: number | undefined): Promise<ListHeader> {
  return http
    .post<ListHeader>(apiPaths.goodsListHeader, gameId === undefined ? {} : { game_id: gameId })
    .then(unwrap);
}

export function useListHeader(gameId: number | undefined) {
  return useQuery({
    queryKey: ['search', 'list-header', gameId ?? null],
    queryFn: () => fetchListHeader(gameId),
    staleTime: 5 * 60_000,
  });
}
