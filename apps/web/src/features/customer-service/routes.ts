import type { FeatureRoutes } from '@/core/feature-routes';

/** Customer service (SPEC §2 Chat) and the staff's queue (our own path, docs/decisions.md). */
export const customerServiceRoutes: FeatureRoutes = {
  screens: {
    '/customerService': () => import('./help-centre-screen'),
    '/customerServiceChat': () => import('./service-chat-screen'),
  },
  extraRoutes: [
    {
      path: '/customerServiceQueue',
      title: '客服工作台',
      login: true,
      keepAlive: false,
      screen: () => import('./staff-queue-screen'),
    },
  ],
};
