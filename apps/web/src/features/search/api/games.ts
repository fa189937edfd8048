import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Game } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { searchKeys } from '@/core/query-keys';

export function fetchGames(): Promise<{ list: Game[] }> {
  return http.get<{ list: Game[] }>(apiPaths.goodsGames).then(unwrap);
}

export const gamesQueryOptions = () =>
  queryOptions({ queryKey: searchKeys.games, queryFn: fetchGames, staleTime: 10 * 60_000 });

export function useGames(enabled = true) {
  return useQuery({ ...gamesQueryOptions(), enabled });
}
