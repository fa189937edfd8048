import type { FeatureRoutes } from '@/core/feature-routes';

/** After-sales (SPEC §2 /orderRefund: a party's dispute and its thread; /afterSalesSearchList: the staff queue). */
export const afterSalesRoutes: FeatureRoutes = {
  screens: {
    '/orderRefund': () => import('./order-refund-screen'),
    '/afterSalesSearchList': () => import('./after-sales-search-list-screen'),
  },
};
