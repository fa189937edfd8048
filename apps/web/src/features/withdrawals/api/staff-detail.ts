import { useQuery } from '@tanstack/react-query';
import { finalWithdrawalStatuses, withdrawalPaths, type StaffWithdrawalDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export const staffDetailQueryKey = (id: number) => ['withdrawals', 'staff', 'detail', id] as const;

export function fetchStaffDetail(id: number): Promise<StaffWithdrawalDetail> {
  return http.get<StaffWithdrawalDetail>(withdrawalPaths.staffDetail, { id }).then(unwrap);
}

export function useStaffDetail(id: number) {
  return useQuery({
    queryKey: staffDetailQueryKey(id),
    queryFn: () => fetchStaffDetail(id),
    enabled: id > 0,
    refetchInterval: (query) =>
      query.state.data && ['approved', 'paying'].includes(query.state.data.status) ? 3000 : false,
    select: (detail) => ({ ...detail, final: finalWithdrawalStatuses.includes(detail.status) }),
  });
}
