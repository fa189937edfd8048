import type { RoutePrefetch } from '@/core/feature-routes';
import { homeIndexQueryOptions } from './api/home-index';
import { hotItemsQueryOptions } from './api/hot-items';

/**
 * The home: the index (banners, games, entries, notices) is the first paint; the hot items below it
 * start at the same time without holding the page. The feed waits for the first scroll (its code
 * does too).
 */
export const prefetchHome: RoutePrefetch = async ({ queryClient }) => {
  void queryClient.query(hotItemsQueryOptions()).catch(() => undefined);
  await queryClient.query({ ...homeIndexQueryOptions(), staleTime: 'static' });
};
