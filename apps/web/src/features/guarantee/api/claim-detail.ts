import { queryOptions, useQuery } from '@tanstack/react-query';
import { claimPaths, type ClaimDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { guaranteeKeys } from '@/core/query-keys';

export function fetchClaimDetail(claimNo: string): Promise<ClaimDetail> {
  return http.get<ClaimDetail>(claimPaths.detail, { claim_no: claimNo }, { silent: true }).then(unwrap);
}

export const claimDetailQueryOptions = (claimNo: string) =>
  queryOptions({ queryKey: guaranteeKeys.claim(claimNo), queryFn: () => fetchClaimDetail(claimNo) });

export function useClaimDetail(claimNo: string) {
  return useQuery({ ...claimDetailQueryOptions(claimNo), enabled: claimNo !== '' });
}
