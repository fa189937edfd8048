import type { FeatureRoutes } from '@/core/feature-routes';

/** Withdrawals (SPEC §2 Money) and the finance staff's review screens (our own paths, docs/decisions.md). */
export const withdrawalRoutes: FeatureRoutes = {
  screens: {
    '/withdrawDeposit': () => import('./withdraw-deposit-screen'),
    '/withdrawal': () => import('./withdrawal-screen'),
    '/withdrawalRecords': () => import('./withdrawal-records-screen'),
    '/autoPayMent': () => import('./auto-payment-screen'),
    '/quickRemit': () => import('./quick-remit-screen'),
    '/remitDetail': () => import('./remit-detail-screen'),
  },
  extraRoutes: [
    {
      path: '/financeWithdrawList',
      title: '提现审核',
      login: true,
      keepAlive: true,
      screen: () => import('./finance-withdraw-list-screen'),
    },
    {
      path: '/financeWithdrawDetail',
      title: '提现审核详情',
      login: true,
      keepAlive: false,
      screen: () => import('./finance-withdraw-detail-screen'),
    },
  ],
};
