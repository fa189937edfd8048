import type { FeatureRoutes } from '@/core/feature-routes';

export const favouritesRoutes: FeatureRoutes = {
  screens: {
    '/collection': () => import('./collection-screen'),
    '/footprint': () => import('./footprint-screen'),
    '/visitor': () => import('./visitor-screen'),
    '/attention': () => import('./attention-screen'),
  },
};
