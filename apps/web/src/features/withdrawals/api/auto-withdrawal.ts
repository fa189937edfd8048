import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { withdrawalPaths, type AutoWithdrawalRequest, type AutoWithdrawalSettings } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

const key = ['withdrawals', 'auto'] as const;

export function fetchAutoWithdrawal(): Promise<AutoWithdrawalSettings> {
  return http.get<AutoWithdrawalSettings>(withdrawalPaths.autoMain).then(unwrap);
}

export function saveAutoWithdrawal(request: AutoWithdrawalRequest): Promise<AutoWithdrawalSettings> {
  return http.post<AutoWithdrawalSettings>(withdrawalPaths.auto, request).then(unwrap);
}

export function useAutoWithdrawal() {
  return useQuery({ queryKey: key, queryFn: fetchAutoWithdrawal });
}

export function useSaveAutoWithdrawal(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveAutoWithdrawal,
    onSuccess: (settings) => {
      client.setQueryData(key, settings);
      onDone();
    },
    onError: showError,
  });
}
