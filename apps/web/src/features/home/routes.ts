import type { FeatureRoutes } from '@/core/feature-routes';

const homeScreen = () => import('./home-screen');

export const homeRoutes: FeatureRoutes = {
  screens: { '/': homeScreen, '/home': homeScreen },
};
