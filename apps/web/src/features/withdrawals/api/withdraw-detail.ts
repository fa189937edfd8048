import { queryOptions, useQuery } from '@tanstack/react-query';
import { finalWithdrawalStatuses, withdrawalPaths, type WithdrawalDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { withdrawalKeys } from '@/core/query-keys';

export const DETAIL_POLL_MS = 3000;

export function fetchWithdrawDetail(id: number): Promise<WithdrawalDetail> {
  return http.get<WithdrawalDetail>(withdrawalPaths.detail, { id }).then(unwrap);
}

/** Polls while the withdrawal is on its way, so "已到账" shows without a refresh. */
export const withdrawDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: withdrawalKeys.detail(id), queryFn: () => fetchWithdrawDetail(id) });

export function useWithdrawDetail(id: number) {
  return useQuery({
    ...withdrawDetailQueryOptions(id),
    enabled: id > 0,
    refetchInterval: (query) =>
      query.state.data && !finalWithdrawalStatuses.includes(query.state.data.status) ? DETAIL_POLL_MS : false,
  });
}
