import { useQuery } from '@tanstack/react-query';
import { withdrawalPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export interface RejectReason {
  code: string;
  text: string;
}

export function fetchRejectReasons(): Promise<RejectReason[]> {
  return http.get<RejectReason[]>(withdrawalPaths.staffRejectReasons).then(unwrap);
}

export function useRejectReasons(enabled: boolean) {
  return useQuery({
    queryKey: ['withdrawals', 'staff', 'reasons'],
    queryFn: fetchRejectReasons,
    enabled,
    staleTime: Infinity,
  });
}
