import type { FeatureRoutes } from '@/core/feature-routes';

/** Bargaining (SPEC §2 Goods: /goodsBargainList). */
export const bargainRoutes: FeatureRoutes = {
  screens: {
    '/goodsBargainList': () => import('./goods-bargain-list-screen'),
  },
};
