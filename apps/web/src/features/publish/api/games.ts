import { useQuery } from '@tanstack/react-query';
import { apiPaths, type Game } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchGames(): Promise<Game[]> {
  return http
    .get<{ list: Game[] }>(apiPaths.goodsGames)
    .then(unwrap)
    .then((data) => data.list);
}

export const gamesQuery = { queryKey: ['publish', 'games'], queryFn: fetchGames, staleTime: 10 * 60_000 };

export function useGames() {
  return useQuery(gamesQuery);
}
