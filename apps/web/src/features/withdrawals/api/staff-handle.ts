import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withdrawalPaths, type StaffHandleRequest, type StaffWithdrawalDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { withdrawalKeys } from '@/core/query-keys';

export function handleWithdrawal(request: StaffHandleRequest): Promise<StaffWithdrawalDetail> {
  return http.post<StaffWithdrawalDetail>(withdrawalPaths.staffHandle, request).then(unwrap);
}

export function useHandleWithdrawal(id: number, onDone: (detail: StaffWithdrawalDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: handleWithdrawal,
    onSuccess: (detail) => {
      client.setQueryData(withdrawalKeys.staffDetail(id), detail);
      void invalidateAfter(client, 'staffHandleWithdrawal');
      onDone(detail);
    },
    onError: showError,
  });
}
