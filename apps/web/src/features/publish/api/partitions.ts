import { useQuery } from '@tanstack/react-query';
import { apiPaths, type Partition } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchPartitions(gameId: number): Promise<Partition[]> {
  return http
    .get<{ list: Partition[] }>(apiPaths.goodsPartitions, { game_id: gameId })
    .then(unwrap)
    .then((data) => data.list);
}

/** Every partition of the game; the wizard filters by platform so switching costs no call. */
export function usePartitions(gameId: number | undefined) {
  return useQuery({
    queryKey: ['publish', 'partitions', gameId],
    queryFn: () => fetchPartitions(gameId ?? 0),
    enabled: gameId !== undefined,
    staleTime: 10 * 60_000,
  });
}
