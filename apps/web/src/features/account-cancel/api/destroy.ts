import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  accountCancellationPaths,
  type AccountCancelRequest,
  type AccountCancelResult,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { accountCancelKeys } from '@/core/query-keys';

/** POST /app/user/destroy: ask (a code is sent), confirm with the code, or withdraw (撤销注销). */
export function postDestroy(request: AccountCancelRequest): Promise<AccountCancelResult> {
  return http.post<AccountCancelResult>(accountCancellationPaths.destroy, request).then(unwrap);
}

export function useDestroy(onDone: (result: AccountCancelResult, request: AccountCancelRequest) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postDestroy,
    onSuccess: (result, request) => {
      client.setQueryData(accountCancelKeys.status, result);
      onDone(result, request);
    },
    onError: (error) => {
      showError(error);
      // A refusal names the conditions that still hold: show them as they are now.
      void invalidateAfter(client, 'accountCancel');
    },
  });
}
