import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Game } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { publishKeys } from '@/core/query-keys';

export function fetchGames(): Promise<Game[]> {
  return http
    .get<{ list: Game[] }>(apiPaths.goodsGames)
    .then(unwrap)
    .then((data) => data.list);
}

export const gamesQueryOptions = () =>
  queryOptions({ queryKey: publishKeys.games, queryFn: fetchGames, staleTime: 10 * 60_000 });

export function useGames() {
  return useQuery(gamesQueryOptions());
}
