import type { FeatureRoutes } from '@/core/feature-routes';

/** Real-name verification (SPEC §2 /idCard) and phone binding (our /bindPhone, docs/decisions.md). */
export const realNameRoutes: FeatureRoutes = {
  screens: {
    '/idCard': () => import('./id-card-screen'),
  },
  extraRoutes: [
    {
      path: '/bindPhone',
      title: '绑定手机号',
      login: true,
      keepAlive: false,
      screen: () => import('./bind-phone-screen'),
    },
  ],
};
