import type { FeatureRoutes } from '@/core/feature-routes';

/** 催单记录 (SPEC §2 /userUrgent); the order's hand-over panels mount in the order detail. */
export const orderHandoverRoutes: FeatureRoutes = {
  screens: {
    '/userUrgent': () => import('./user-urgent-screen'),
  },
};
