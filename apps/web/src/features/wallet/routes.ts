import type { FeatureRoutes } from '@/core/feature-routes';

/** The wallet (issue 4 C): balances, bills, transfers between users and the monthly statement. */
export const walletRoutes: FeatureRoutes = {
  screens: {
    '/wallet': () => import('./wallet-screen'),
    '/billList': () => import('./bill-list-screen'),
    '/billDetail': () => import('./bill-detail-screen'),
    '/balanceOperation': () => import('./balance-operation-screen'),
    '/balanceAction': () => import('./balance-action-screen'),
    '/reconciliate': () => import('./reconciliate-screen'),
  },
  prefetch: { '/wallet': () => import('./prefetch').then((module) => module.prefetchWallet) },
};
