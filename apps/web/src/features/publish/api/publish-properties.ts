import { useQuery } from '@tanstack/react-query';
import { apiPaths, type PublishProperties } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchPublishProperties(gameId: number): Promise<PublishProperties> {
  return http.get<PublishProperties>(apiPaths.goodsPublishProperties, { game_id: gameId }).then(unwrap);
}

export function usePublishProperties(gameId: number | undefined) {
  return useQuery({
    queryKey: ['publish', 'properties', gameId],
    queryFn: () => fetchPublishProperties(gameId ?? 0),
    enabled: gameId !== undefined,
    staleTime: 10 * 60_000,
  });
}
