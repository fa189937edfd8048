import { useQuery } from '@tanstack/react-query';
import { apiPaths, type Game } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchGames(): Promise<{ list: Game[] }> {
  return http.get<{ list: Game[] }>(apiPaths.goodsGames).then(unwrap);
}

export function useGames(enabled = true) {
  return useQuery({ queryKey: ['search', 'games'], queryFn: fetchGames, staleTime: 10 * 60_000, enabled });
}
