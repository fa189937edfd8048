import type { FeatureRoutes } from '@/core/feature-routes';

/** Account cancellation (SPEC §2 /logoutAccount). */
export const accountCancelRoutes: FeatureRoutes = {
  screens: {
    '/logoutAccount': () => import('./logout-account-screen'),
  },
};
