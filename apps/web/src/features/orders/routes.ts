import type { FeatureRoutes, PrefetchLoader } from '@/core/feature-routes';

const detailPrefetch: PrefetchLoader = () =>
  import('./prefetch').then((module) => module.prefetchOrderDetail);

/** The guaranteed trade's screens: 确认订单 / 订单详情 share /order_detail; 我的订单 is /afterSalesList. */
export const orderRoutes: FeatureRoutes = {
  screens: {
    '/order_detail': () => import('./order-detail-screen'),
    '/afterSalesList': () => import('./order-list-screen'),
  },
  prefetch: { '/order_detail': detailPrefetch },
};
