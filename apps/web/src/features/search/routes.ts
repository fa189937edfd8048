import type { FeatureRoutes } from '@/core/feature-routes';

const goodsListScreen = () => import('./goods-list-screen');

export const searchRoutes: FeatureRoutes = {
  screens: {
    '/search_input': () => import('./search-input-screen'),
    '/search_goods_list': goodsListScreen,
    '/productList': goodsListScreen,
    '/rank': () => import('./rank-screen'),
  },
};
