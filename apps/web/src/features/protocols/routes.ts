import type { FeatureRoutes } from '@/core/feature-routes';

/** Trade protocols and their e-signature (SPEC §2 User). */
export const protocolRoutes: FeatureRoutes = {
  screens: {
    '/protocol': () => import('./protocol-screen'),
    '/ratifyAccord': () => import('./ratify-accord-screen'),
    '/protocolSnapshot': () => import('./protocol-snapshot-screen'),
    '/accountTransferAgreement': () => import('./account-transfer-agreement-screen'),
  },
};
