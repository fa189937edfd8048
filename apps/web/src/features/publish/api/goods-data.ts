import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsData } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { publishKeys } from '@/core/query-keys';

/** The owner's full listing (private fields included) for editing. */
export function fetchGoodsData(goodsId: number): Promise<GoodsData> {
  return http.get<GoodsData>(apiPaths.goodsData, { goods_id: goodsId }).then(unwrap);
}

export const goodsDataQueryOptions = (goodsId: number) =>
  queryOptions({
    queryKey: publishKeys.goodsData(goodsId),
    queryFn: () => fetchGoodsData(goodsId),
    gcTime: 0,
  });

export function useGoodsData(goodsId: number | undefined) {
  return useQuery({ ...goodsDataQueryOptions(goodsId ?? 0), enabled: goodsId !== undefined });
}
