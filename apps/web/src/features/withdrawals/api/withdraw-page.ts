import { useQuery } from '@tanstack/react-query';
import { withdrawalPaths, type WithdrawPage } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchWithdrawPage(): Promise<WithdrawPage> {
  return http.get<WithdrawPage>(withdrawalPaths.page).then(unwrap);
}

export const withdrawPageQueryKey = ['withdrawals', 'page'] as const;

export function useWithdrawPage() {
  return useQuery({ queryKey: withdrawPageQueryKey, queryFn: fetchWithdrawPage });
}
