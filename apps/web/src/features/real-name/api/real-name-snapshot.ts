import { queryOptions, useQuery } from '@tanstack/react-query';
import { realNamePaths, type RealNameSnapshot } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { realNameKeys } from '@/core/query-keys';

export function fetchRealNameSnapshot(): Promise<RealNameSnapshot> {
  return http.get<RealNameSnapshot>(realNamePaths.snapshot).then(unwrap);
}

export const realNameSnapshotQueryOptions = () =>
  queryOptions({ queryKey: realNameKeys.snapshot, queryFn: fetchRealNameSnapshot });

export function useRealNameSnapshot() {
  return useQuery(realNameSnapshotQueryOptions());
}
