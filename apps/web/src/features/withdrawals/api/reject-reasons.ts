import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { withdrawalKeys } from '@/core/query-keys';

export interface RejectReason {
  code: string;
  text: string;
}

export function fetchRejectReasons(): Promise<RejectReason[]> {
  return http.get<RejectReason[]>(withdrawalPaths.staffRejectReasons).then(unwrap);
}

export const rejectReasonsQueryOptions = () =>
  queryOptions({ queryKey: withdrawalKeys.rejectReasons, queryFn: fetchRejectReasons, staleTime: Infinity });

export function useRejectReasons(enabled: boolean) {
  return useQuery({ ...rejectReasonsQueryOptions(), enabled });
}
