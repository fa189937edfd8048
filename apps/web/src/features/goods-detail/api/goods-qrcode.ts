import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { goodsDetailKeys } from '@/core/query-keys';

export interface GoodsQr {
  ticket: string;
  /** A path ("/goodsDetail?goods_id=…&qr_ticket=…"); opening it marks the code scanned. */
  qr_content: string;
  expires_at: string;
}

export type GoodsQrState = 'waiting' | 'scanned' | 'expired';

export interface GoodsQrStatus {
  state: GoodsQrState;
  scanned_at: string | null;
}

export const QR_STATUS_POLL_MS = 2000;

export function fetchGoodsQr(goodsId: number): Promise<GoodsQr> {
  return http.get<GoodsQr>(apiPaths.goodsQrcode, { goods_id: goodsId }, { silent: true }).then(unwrap);
}

/** GET /app/goods/yd/qrcode: a fresh code for this listing (valid five minutes). */
export const goodsQrQueryOptions = (goodsId: number) =>
  queryOptions({
    queryKey: goodsDetailKeys.qr(goodsId),
    queryFn: () => fetchGoodsQr(goodsId),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

export function useGoodsQr(goodsId: number | undefined) {
  return useQuery({ ...goodsQrQueryOptions(goodsId ?? 0), enabled: goodsId !== undefined });
}

export function fetchGoodsQrStatus(ticket: string): Promise<GoodsQrStatus> {
  return http.get<GoodsQrStatus>(apiPaths.goodsQrcodeStatus, { ticket }, { silent: true }).then(unwrap);
}

/** GET /app/goods/yd/qrcode/status every 2 s until the code is scanned or expired. */
export function useGoodsQrStatus(ticket: string | undefined) {
  return useQuery({
    queryKey: goodsDetailKeys.qrStatus(ticket),
    queryFn: () => fetchGoodsQrStatus(ticket ?? ''),
    enabled: ticket !== undefined,
    refetchInterval: (query) =>
      query.state.data && query.state.data.state !== 'waiting' ? false : QR_STATUS_POLL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    gcTime: 0,
  });
}
