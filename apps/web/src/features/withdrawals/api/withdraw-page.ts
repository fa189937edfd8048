import { queryOptions, useQuery } from '@tanstack/react-query';
import { withdrawalPaths, type WithdrawPage } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { withdrawalKeys } from '@/core/query-keys';

export function fetchWithdrawPage(): Promise<WithdrawPage> {
  return http.get<WithdrawPage>(withdrawalPaths.page).then(unwrap);
}

export const withdrawPageQueryOptions = () =>
  queryOptions({ queryKey: withdrawalKeys.page, queryFn: fetchWithdrawPage });

export function useWithdrawPage() {
  return useQuery(withdrawPageQueryOptions());
}
