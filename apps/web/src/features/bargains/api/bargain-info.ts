import { queryOptions, useQuery } from '@tanstack/react-query';
import { bargainPaths, openBargainStatuses, type BargainInfo } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { bargainKeys } from '@/core/query-keys';

export interface BargainTarget {
  goodsId?: number;
  bargainId?: number;
}

export function fetchBargainInfo(target: BargainTarget): Promise<BargainInfo> {
  return http
    .get<BargainInfo>(bargainPaths.info, {
      ...(target.bargainId ? { bargain_id: target.bargainId } : {}),
      ...(target.goodsId ? { goods_id: target.goodsId } : {}),
    })
    .then(unwrap);
}

export const bargainInfoQueryOptions = (target: BargainTarget) =>
  queryOptions({ queryKey: bargainKeys.info(target), queryFn: () => fetchBargainInfo(target) });

/** While the other party may answer, the thread refreshes itself (the answer shows without a reload). */
export const THREAD_POLL_MS = 15_000;

export function useBargainInfo(target: BargainTarget) {
  return useQuery({
    ...bargainInfoQueryOptions(target),
    refetchInterval: (query) => {
      const status = query.state.data?.bargain?.status;
      return status && openBargainStatuses.includes(status) ? THREAD_POLL_MS : false;
    },
  });
}
