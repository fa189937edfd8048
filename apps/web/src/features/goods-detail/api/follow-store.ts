import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { goodsDetailKeys } from '@/core/query-keys';

interface FollowedStoresAnswer {
  following: boolean | null;
}

export interface FollowResult {
  following: boolean;
  followers: number;
}

export function fetchFollowing(sellerId: number): Promise<boolean> {
  return http
    .get<FollowedStoresAnswer>(
      apiPaths.userSubscribe,
      { seller_id: sellerId, page: 1, page_size: 1 },
      { silent: true },
    )
    .then(unwrap)
    .then((answer) => answer.following === true);
}

/** GET /app/user/subscribe with seller_id: whether the logged-in user follows this store. */
export const followingQueryOptions = (sellerId: number) =>
  queryOptions({ queryKey: goodsDetailKeys.following(sellerId), queryFn: () => fetchFollowing(sellerId) });

export function useFollowing(sellerId: number, enabled: boolean) {
  return useQuery({ ...followingQueryOptions(sellerId), enabled });
}

export function followStore(sellerId: number, follow: boolean): Promise<FollowResult> {
  return http.post<FollowResult>(apiPaths.userSubscribe, { seller_id: sellerId, follow }).then(unwrap);
}

export function useFollowStore(sellerId: number, onDone: (result: FollowResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) => followStore(sellerId, follow),
    onSuccess: (result) => {
      void invalidateAfter(queryClient, 'followStore');
      queryClient.setQueryData(goodsDetailKeys.following(sellerId), result.following);
      onDone(result);
    },
    onError: showError,
  });
}
