import type { RoutePrefetch } from '@/core/feature-routes';
import { goodsListQueryOptions } from './api/goods-list';
import { parseListParams } from './list-params';

/** /search_goods_list and /productList: the first page of the list the address describes. */
export const prefetchGoodsList: RoutePrefetch = async ({ queryClient, search }) => {
  await queryClient.infiniteQuery({ ...goodsListQueryOptions(parseListParams(search)), staleTime: 'static' });
};
