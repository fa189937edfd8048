import type { FeatureRoutes } from '@/core/feature-routes';

/** Payout methods (SPEC §2 Money): list, add, detail and the WeChat receive code. */
export const payoutMethodRoutes: FeatureRoutes = {
  screens: {
    '/paymentType': () => import('./payment-type-screen'),
    '/addPayMentType': () => import('./add-payment-type-screen'),
    '/payMentTypeDetail': () => import('./payment-type-detail-screen'),
    '/changeQrCode': () => import('./change-qr-code-screen'),
  },
};
