import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimPaths, type ClaimData } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

export function fetchClaimData(): Promise<ClaimData> {
  return http.get<ClaimData>(claimPaths.data).then(unwrap);
}

export const claimDataQueryOptions = () =>
  queryOptions({ queryKey: guaranteeKeys.data, queryFn: fetchClaimData });

export function useClaimData() {
  return useQuery(claimDataQueryOptions());
}
