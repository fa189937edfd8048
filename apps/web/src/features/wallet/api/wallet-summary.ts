import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletPaths, type WalletSummary } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { walletKeys } from '@/core/query-keys';

export function fetchWalletSummary(): Promise<WalletSummary> {
  return http.get<WalletSummary>(walletPaths.wallet).then(unwrap);
}

/** GET /app/user/wallet: balances, this month's money in and out, the wallet's entries. */
export const walletSummaryQueryOptions = () =>
  queryOptions({ queryKey: walletKeys.summary, queryFn: fetchWalletSummary });

export function useWalletSummary() {
  return useQuery(walletSummaryQueryOptions());
}
