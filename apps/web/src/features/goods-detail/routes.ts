import type { FeatureRoutes, PrefetchLoader } from '@/core/feature-routes';

const detailPrefetch: PrefetchLoader = () =>
  import('./prefetch').then((module) => module.prefetchGoodsDetail);

/**
 * The listing detail and its brand variants, its QR page and articles. /mhbProductCommon is shared
 * with the search feature's curated list: the app picks by goods_id (app/mhb-product-common-screen).
 */
export const goodsDetailRoutes: FeatureRoutes = {
  screens: {
    '/goodsDetail': () => import('./goods-detail-screen'),
    '/kxrGoodsDetail': () => import('./kxr-goods-detail-screen'),
    '/thwGoodsDetail': () => import('./thw-goods-detail-screen'),
    '/goodsQRCode': () => import('./goods-qrcode-screen'),
    '/forumDetails': () => import('./forum-details-screen'),
  },
  prefetch: {
    '/goodsDetail': detailPrefetch,
    '/kxrGoodsDetail': detailPrefetch,
    '/thwGoodsDetail': detailPrefetch,
  },
};
