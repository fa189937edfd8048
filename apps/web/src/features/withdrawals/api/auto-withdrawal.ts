import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withdrawalPaths, type AutoWithdrawalRequest, type AutoWithdrawalSettings } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { withdrawalKeys } from '@/core/query-keys';

export function fetchAutoWithdrawal(): Promise<AutoWithdrawalSettings> {
  return http.get<AutoWithdrawalSettings>(withdrawalPaths.autoMain).then(unwrap);
}

export function saveAutoWithdrawal(request: AutoWithdrawalRequest): Promise<AutoWithdrawalSettings> {
  return http.post<AutoWithdrawalSettings>(withdrawalPaths.auto, request).then(unwrap);
}

export const autoWithdrawalQueryOptions = () =>
  queryOptions({ queryKey: withdrawalKeys.auto, queryFn: fetchAutoWithdrawal });

export function useAutoWithdrawal() {
  return useQuery(autoWithdrawalQueryOptions());
}

export function useSaveAutoWithdrawal(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAutoWithdrawal,
    onSuccess: (settings) => {
      client.setQueryData(withdrawalKeys.auto, settings);
      onDone();
    },
    onError: showError,
  });
}
