import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type PublishProperties } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { publishKeys } from '@/core/query-keys';

export function fetchPublishProperties(gameId: number): Promise<PublishProperties> {
  return http.get<PublishProperties>(apiPaths.goodsPublishProperties, { game_id: gameId }).then(unwrap);
}

export const publishPropertiesQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: publishKeys.properties(gameId),
    queryFn: () => fetchPublishProperties(gameId),
    staleTime: 10 * 60_000,
  });

export function usePublishProperties(gameId: number | undefined) {
  return useQuery({ ...publishPropertiesQueryOptions(gameId ?? 0), enabled: gameId !== undefined });
}
