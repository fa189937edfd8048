import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

/** One device (`sessionId`), or every other device (`'others'`). */
export function revokeSession(target: number | 'others'): Promise<{ revoked: number }> {
  return target === 'others'
    ? http.post<{ revoked: number }>(apiPaths.userSessionRevokeOthers).then(unwrap)
    : http.post<{ revoked: number }>(apiPaths.userSessionRevoke, { session_id: target }).then(unwrap);
}

export function useRevokeSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSuccess: () => invalidateAfter(client, 'revokeSession'),
    onError: showError,
  });
}
