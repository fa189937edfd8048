import type { FeatureRoutes } from '@/core/feature-routes';

/** 官方包赔 plans, an order's plan, 找回包赔 claims (the buyer's and customer service's) and 转卖. */
export const guaranteeRoutes: FeatureRoutes = {
  screens: {
    '/officialGuarantee': () => import('./official-guarantee-screen'),
    '/accOrderOfficialGuarantee': () => import('./acc-order-official-guarantee-screen'),
    '/offlineRetrievalList': () => import('./offline-retrieval-list-screen'),
    '/offlineRetrievalDetails': () => import('./offline-retrieval-details-screen'),
    '/offlineOrderHandle': () => import('./offline-order-handle-screen'),
    '/offlineOrderData': () => import('./offline-order-data-screen'),
    '/resellList': () => import('./resell-list-screen'),
  },
};
