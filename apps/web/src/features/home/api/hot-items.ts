import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsCard } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { homeKeys } from '@/core/query-keys';

export const HOT_ITEMS_LIMIT = 10;

export function fetchHotItems(limit = HOT_ITEMS_LIMIT): Promise<{ list: GoodsCard[] }> {
  return http.get<{ list: GoodsCard[] }>(apiPaths.homeHot, { limit }).then(unwrap);
}

export const hotItemsQueryOptions = () =>
  queryOptions({ queryKey: homeKeys.hot, queryFn: () => fetchHotItems(), staleTime: 60_000 });

export function useHotItems() {
  return useQuery(hotItemsQueryOptions());
}
