import type { FeatureRoutes } from '@/core/feature-routes';

/** The listing detail (three of SPEC's four variants; /mhbProductCommon is the list feature's), its QR page and articles. */
export const goodsDetailRoutes: FeatureRoutes = {
  screens: {
    '/goodsDetail': () => import('./goods-detail-screen'),
    '/kxrGoodsDetail': () => import('./kxr-goods-detail-screen'),
    '/thwGoodsDetail': () => import('./thw-goods-detail-screen'),
    '/goodsQRCode': () => import('./goods-qrcode-screen'),
    '/forumDetails': () => import('./forum-details-screen'),
  },
};
