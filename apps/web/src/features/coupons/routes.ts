import type { FeatureRoutes } from '@/core/feature-routes';

/** Coupon screens (SPEC §2 /myCoupon and /couponHall). */
export const couponRoutes: FeatureRoutes = {
  screens: {
    '/myCoupon': () => import('./my-coupon-screen'),
    '/couponHall': () => import('./coupon-hall-screen'),
  },
};
