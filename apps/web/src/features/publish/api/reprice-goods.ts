import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type GoodsData, type RepriceRequest } from '@haoshi/contracts';
import { sendGoodsCall } from './publish-goods';

/** POST /app/user/goods/price (改价); a refusal is a PublishRefusal naming price or original_price. */
export function repriceGoods(request: RepriceRequest): Promise<GoodsData> {
  return sendGoodsCall(apiPaths.userGoodsPrice, request);
}

/** Where a listing's price shows: my listings, its detail page, the search lists and the home feed. */
const showsPrices = new Set(['publish', 'goods-detail', 'search', 'home']);

export function useRepriceGoods() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: repriceGoods,
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => showsPrices.has(String(query.queryKey[0])) }),
  });
}
