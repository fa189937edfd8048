import { queryOptions, useQuery } from '@tanstack/react-query';
import { finalWithdrawalStatuses, withdrawalPaths, type StaffWithdrawalDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { withdrawalKeys } from '@/core/query-keys';

export function fetchStaffDetail(id: number): Promise<StaffWithdrawalDetail> {
  return http.get<StaffWithdrawalDetail>(withdrawalPaths.staffDetail, { id }).then(unwrap);
}

export const staffDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: withdrawalKeys.staffDetail(id), queryFn: () => fetchStaffDetail(id) });

export function useStaffDetail(id: number) {
  return useQuery({
    ...staffDetailQueryOptions(id),
    enabled: id > 0,
    refetchInterval: (query) =>
      query.state.data && ['approved', 'paying'].includes(query.state.data.status) ? 3000 : false,
    select: (detail) => ({ ...detail, final: finalWithdrawalStatuses.includes(detail.status) }),
  });
}
