import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { walletPaths, type TransferMain, type TransferRequest, type TransferResult } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { walletKeys } from '@/core/query-keys';

export function fetchTransferMain(phone?: string): Promise<TransferMain> {
  return http.get<TransferMain>(walletPaths.transferMain, phone ? { phone } : undefined).then(unwrap);
}

/** GET /app/user/wallet/transfer/main: rules, limits and the balance that can go. */
export const transferMainQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.transferMain, queryFn: () => fetchTransferMain() });

export function useTransferMain() {
  return useQuery(transferMainQueryOptions());
}

export interface TransferSubmission {
  request: TransferRequest;
  /** One key per intended transfer: a retry of the same submission reuses it. */
  idempotencyKey: string;
}

export function postTransfer({ request, idempotencyKey }: TransferSubmission): Promise<TransferResult> {
  return http
    .post<TransferResult>(walletPaths.transfer, request, { headers: { 'Idempotency-Key': idempotencyKey } })
    .then(unwrap);
}

/** POST /app/user/wallet/transfer; 4301 opens real-name verification through the error catalogue. */
export function useTransfer(onDone: (result: TransferResult) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: postTransfer,
    onSuccess: (result) => {
      void invalidateAfter(client, 'transfer');
      onDone(result);
    },
    onError: showError,
  });
}
