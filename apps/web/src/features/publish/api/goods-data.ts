import { useQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsData } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** The owner's full listing (private fields included) for editing. */
export function fetchGoodsData(goodsId: number): Promise<GoodsData> {
  return http.get<GoodsData>(apiPaths.goodsData, { goods_id: goodsId }).then(unwrap);
}

export function useGoodsData(goodsId: number | undefined) {
  return useQuery({
    queryKey: ['publish', 'goods-data', goodsId],
    queryFn: () => fetchGoodsData(goodsId ?? 0),
    enabled: goodsId !== undefined,
    gcTime: 0,
  });
}
