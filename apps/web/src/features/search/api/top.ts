import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type GameWithCount } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { searchKeys } from '@/core/query-keys';

export type TopGame = GameWithCount & { rank: number; avg_price: string };
export interface TopStore {
  rank: number;
  seller_id: number;
  store_name: string;
  avatar: string;
  rating: string;
  deals: number;
  followers: number;
  on_sale: number;
}

export const TOP_LIMIT = 20;

export function fetchTopGames(): Promise<{ list: TopGame[] }> {
  return http.get<{ list: TopGame[] }>(apiPaths.topGame, { limit: TOP_LIMIT }).then(unwrap);
}

export function fetchTopStores(): Promise<{ list: TopStore[] }> {
  return http.get<{ list: TopStore[] }>(apiPaths.topStore, { limit: TOP_LIMIT }).then(unwrap);
}

export const topGamesQueryOptions = () =>
  queryOptions({ queryKey: searchKeys.topGames, queryFn: fetchTopGames, staleTime: 60_000 });

export const topStoresQueryOptions = () =>
  queryOptions({ queryKey: searchKeys.topStores, queryFn: fetchTopStores, staleTime: 60_000 });

export function useTopGames() {
  return useQuery(topGamesQueryOptions());
}

export function useTopStores() {
  return useQuery(topStoresQueryOptions());
}
