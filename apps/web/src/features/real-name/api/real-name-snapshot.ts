import { useQuery } from '@tanstack/react-query';
import { realNamePaths, type RealNameSnapshot } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export const realNameSnapshotKey = ['real-name', 'snapshot'] as const;

export function fetchRealNameSnapshot(): Promise<RealNameSnapshot> {
  return http.get<RealNameSnapshot>(realNamePaths.snapshot).then(unwrap);
}

export function useRealNameSnapshot() {
  return useQuery({ queryKey: realNameSnapshotKey, queryFn: fetchRealNameSnapshot });
}
