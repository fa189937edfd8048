import type { FeatureRoutes } from '@/core/feature-routes';

/** Recharge (issue 4 B): the recharge screen in three channel variants and the records list. */
export const rechargeRoutes: FeatureRoutes = {
  screens: {
    '/personRecharge': () => import('./person-recharge-screen'),
    '/wxRecharge': () => import('./wx-recharge-screen'),
    '/alipayRecharge': () => import('./alipay-recharge-screen'),
    '/rechargeRecords': () => import('./recharge-records-screen'),
  },
};
