import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalPaths, type StaffHandleRequest, type StaffWithdrawalDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { staffDetailQueryKey } from './staff-detail';

export function handleWithdrawal(request: StaffHandleRequest): Promise<StaffWithdrawalDetail> {
  return http.post<StaffWithdrawalDetail>(withdrawalPaths.staffHandle, request).then(unwrap);
}

export function useHandleWithdrawal(id: number, onDone: (detail: StaffWithdrawalDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: handleWithdrawal,
    onSuccess: (detail) => {
      client.setQueryData(staffDetailQueryKey(id), detail);
      void client.invalidateQueries({ queryKey: ['withdrawals', 'staff', 'list'] });
      onDone(detail);
    },
    onError: showError,
  });
}
