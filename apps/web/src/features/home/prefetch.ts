import type { RoutePrefetch } from '@/core/feature-routes';
import { preloadImage } from '@/core/image';
import { homeIndexQueryOptions } from './api/home-index';
import { bannerImage } from './banner-image';
import { hotItemsQueryOptions } from './api/hot-items';

/**
 * The home: the index (banners, games, entries, notices) is the first paint; the hot items below it
 * start at the same time without holding the page. The first banner, the page's largest picture,
 * starts downloading as soon as the index names it. The feed waits for the first scroll (its code
 * does too).
 */
export const prefetchHome: RoutePrefetch = async ({ queryClient }) => {
  void queryClient.query(hotItemsQueryOptions()).catch(() => undefined);
  const index = await queryClient.query({ ...homeIndexQueryOptions(), staleTime: 'static' });
  const firstBanner = index.banners[0];
  if (firstBanner) preloadImage(bannerImage(firstBanner.image));
};
