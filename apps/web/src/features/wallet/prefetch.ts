import type { RoutePrefetch } from '@/core/feature-routes';
import { walletSummaryQueryOptions } from './api/wallet-summary';

/** /wallet: the balances and this month's totals are the whole first screen. */
export const prefetchWallet: RoutePrefetch = async ({ queryClient }) => {
  await queryClient.query({ ...walletSummaryQueryOptions(), staleTime: 'static' });
};
