import type { FeatureRoutes, PrefetchLoader } from '@/core/feature-routes';

const homeScreen = () => import('./home-screen');
const homePrefetch: PrefetchLoader = () => import('./prefetch').then((module) => module.prefetchHome);

export const homeRoutes: FeatureRoutes = {
  screens: { '/': homeScreen, '/home': homeScreen },
  prefetch: { '/': homePrefetch, '/home': homePrefetch },
};
