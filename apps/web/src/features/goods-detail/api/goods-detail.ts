import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { goodsDetailKeys } from '@/core/query-keys';

/** Loading the detail while logged in also records the view (the user's footprint, /footprint). */
export function fetchGoodsDetail(goodsId: number, qrTicket?: string): Promise<GoodsDetail> {
  const params = qrTicket ? { goods_id: goodsId, qr_ticket: qrTicket } : { goods_id: goodsId };
  return http.get<GoodsDetail>(apiPaths.goodsDetail, params, { silent: true }).then(unwrap);
}

/** Keyed by login state: after logging in the listing is fetched again (saved, is_mine, footprint). */
export const goodsDetailQueryOptions = (goodsId: number, loggedIn: boolean, qrTicket?: string) =>
  queryOptions({
    queryKey: goodsDetailKeys.detail(goodsId, loggedIn),
    queryFn: () => fetchGoodsDetail(goodsId, qrTicket),
  });

export function useGoodsDetail(goodsId: number | undefined, loggedIn: boolean, qrTicket?: string) {
  return useQuery({
    ...goodsDetailQueryOptions(goodsId ?? 0, loggedIn, qrTicket),
    enabled: goodsId !== undefined,
  });
}
