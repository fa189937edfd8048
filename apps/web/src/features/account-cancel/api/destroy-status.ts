import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountCancellationPaths, type AccountCancelStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { accountCancelKeys } from '@/core/query-keys';

/** GET /app/user/destroy/status: the conditions and the request's state. */
export function fetchDestroyStatus(): Promise<AccountCancelStatus> {
  return http.get<AccountCancelStatus>(accountCancellationPaths.status).then(unwrap);
}

export const destroyStatusQueryOptions = () =>
  queryOptions({ queryKey: accountCancelKeys.status, queryFn: fetchDestroyStatus });

export function useDestroyStatus() {
  return useQuery(destroyStatusQueryOptions());
}
