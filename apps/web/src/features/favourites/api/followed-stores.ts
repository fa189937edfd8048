import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type Page } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { nextPageNumber } from '@/core/page-list';
import { invalidateAfter } from '@/core/query-links';
import { favouritesKeys } from '@/core/query-keys';

export const FOLLOWED_PAGE_SIZE = 20;

/** One followed store (contracts: followedStoreSchema). */
export interface FollowedStore {
  seller_id: number;
  store_name: string;
  avatar: string;
  rating: string;
  on_sale: number;
  followers: number;
  followed_at: string;
}

export function fetchFollowedStores(page: number): Promise<Page<FollowedStore>> {
  return http
    .get<Page<FollowedStore>>(apiPaths.userSubscribe, { page, page_size: FOLLOWED_PAGE_SIZE })
    .then(unwrap);
}

export const followedStoresQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: favouritesKeys.followedStores,
    queryFn: ({ pageParam }) => fetchFollowedStores(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageNumber,
  });

export function useFollowedStores() {
  return useInfiniteQuery(followedStoresQueryOptions());
}

export function unfollowStore(sellerId: number): Promise<{ following: boolean; followers: number }> {
  return http
    .post<{ following: boolean; followers: number }>(apiPaths.userSubscribe, {
      seller_id: sellerId,
      follow: false,
    })
    .then(unwrap);
}

export function useUnfollowStore(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unfollowStore,
    onSuccess: async () => {
      onDone();
      await invalidateAfter(client, 'unfollowStore');
    },
    onError: showError,
  });
}
