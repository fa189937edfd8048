import type { FeatureRoutes, PrefetchLoader } from '@/core/feature-routes';

const goodsListScreen = () => import('./goods-list-screen');
const goodsListPrefetch: PrefetchLoader = () =>
  import('./prefetch').then((module) => module.prefetchGoodsList);

export const searchRoutes: FeatureRoutes = {
  screens: {
    '/search_input': () => import('./search-input-screen'),
    '/search_goods_list': goodsListScreen,
    '/productList': goodsListScreen,
    '/rank': () => import('./rank-screen'),
  },
  prefetch: { '/search_goods_list': goodsListPrefetch, '/productList': goodsListPrefetch },
};
