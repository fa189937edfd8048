import { useQuery } from '@tanstack/react-query';
import { walletPaths, type WalletSummary } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchWalletSummary(): Promise<WalletSummary> {
  return http.get<WalletSummary>(walletPaths.wallet).then(unwrap);
}

export const walletSummaryQueryKey = ['wallet', 'summary'] as const;

/** GET /app/user/wallet: balances, this month's money in and out, the wallet's entries. */
export function useWalletSummary() {
  return useQuery({ queryKey: walletSummaryQueryKey, queryFn: fetchWalletSummary });
}
