import type { FeatureRoutes } from '@/core/feature-routes';

/** 诚心卖 (SPEC), the publish wizard and 我的发布 (our own paths, see docs/decisions.md). */
export const publishRoutes: FeatureRoutes = {
  screens: {
    '/sincereSell': () => import('./sincere-sell-screen'),
  },
  extraRoutes: [
    {
      path: '/publishGoods',
      title: '发布商品',
      login: true,
      keepAlive: true,
      screen: () => import('./publish-screen'),
    },
    {
      path: '/myGoods',
      title: '我的发布',
      login: true,
      keepAlive: true,
      screen: () => import('./my-goods-screen'),
    },
  ],
};
