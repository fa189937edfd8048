import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type GoodsData, type ShelfRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function shelfGoods(request: ShelfRequest): Promise<GoodsData> {
  return http.post<GoodsData>(apiPaths.userGoodsShelf, request).then(unwrap);
}

export function submitGoods(goodsId: number): Promise<GoodsData> {
  return http.post<GoodsData>(apiPaths.goodsSubmit, { goods_id: goodsId }).then(unwrap);
}

type GoodsAction = { kind: 'shelf'; request: ShelfRequest } | { kind: 'submit'; goodsId: number };

/** 上架 / 下架 / 提交审核 from 我的发布; every tab refreshes afterwards (the listing moved tabs). */
export function useGoodsAction(onDone: (data: GoodsData, action: GoodsAction) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: GoodsAction) =>
      action.kind === 'shelf' ? shelfGoods(action.request) : submitGoods(action.goodsId),
    onSuccess: async (data, action) => {
      await invalidateAfter(client, 'goodsShelfAction');
      onDone(data, action);
    },
    onError: showError,
  });
}
