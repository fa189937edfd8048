import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Partition } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { publishKeys } from '@/core/query-keys';

export function fetchPartitions(gameId: number): Promise<Partition[]> {
  return http
    .get<{ list: Partition[] }>(apiPaths.goodsPartitions, { game_id: gameId })
    .then(unwrap)
    .then((data) => data.list);
}

/** Every partition of the game; the wizard filters by platform so switching costs no call. */
export const partitionsQueryOptions = (gameId: number) =>
  queryOptions({
    queryKey: publishKeys.partitions(gameId),
    queryFn: () => fetchPartitions(gameId),
    staleTime: 10 * 60_000,
  });

export function usePartitions(gameId: number | undefined) {
  return useQuery({ ...partitionsQueryOptions(gameId ?? 0), enabled: gameId !== undefined });
}
