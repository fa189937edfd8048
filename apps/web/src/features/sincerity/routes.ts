import type { FeatureRoutes } from '@/core/feature-routes';

/** The sincerity deposit's screen (SPEC §2 /cashPledgeRecord). */
export const sincerityRoutes: FeatureRoutes = {
  screens: {
    '/cashPledgeRecord': () => import('./cash-pledge-record-screen'),
  },
};
