import { useQuery } from '@tanstack/react-query';
import { apiPaths, type GoodsDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** Loading the detail while logged in also records the view (the user's footprint, /footprint). */
export function fetchGoodsDetail(goodsId: number, qrTicket?: string): Promise<GoodsDetail> {
  const params = qrTicket ? { goods_id: goodsId, qr_ticket: qrTicket } : { goods_id: goodsId };
  return http.get<GoodsDetail>(apiPaths.goodsDetail, params, { silent: true }).then(unwrap);
}

export const goodsDetailQueryKey = (goodsId: number, loggedIn: boolean) =>
  ['goods-detail', goodsId, loggedIn] as const;

/** Keyed by login state: after logging in the listing is fetched again (saved, is_mine, footprint). */
export function useGoodsDetail(goodsId: number | undefined, loggedIn: boolean, qrTicket?: string) {
  return useQuery({
    queryKey: goodsDetailQueryKey(goodsId ?? 0, loggedIn),
    queryFn: () => fetchGoodsDetail(goodsId ?? 0, qrTicket),
    enabled: goodsId !== undefined,
  });
}
