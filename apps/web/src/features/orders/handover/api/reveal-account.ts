import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderHandoverPaths, type AccountCredentials } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { orderHandoverKeys } from '@/core/query-keys';

/** The login details in clear. Never cached: each reveal is one logged request, on a tap. */
export function revealAccount(orderNo: string): Promise<AccountCredentials> {
  return http.get<AccountCredentials>(orderHandoverPaths.revealAccount, { order_no: orderNo }).then(unwrap);
}

export function useRevealAccount(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revealAccount(orderNo),
    // The reveal log now has one more line.
    onSuccess: () => client.invalidateQueries({ queryKey: orderHandoverKeys.panel(orderNo) }),
    onError: showError,
  });
}
