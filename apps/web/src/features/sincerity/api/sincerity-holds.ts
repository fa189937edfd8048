import { useQuery } from '@tanstack/react-query';
import { sincerityPaths, type Page, type SincerityHold, type SincerityKind } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchOpenHolds(kind: SincerityKind): Promise<Page<SincerityHold>> {
  return http
    .get<Page<SincerityHold>>(sincerityPaths.orderList, { kind, status: 'open', page: 1, page_size: 50 })
    .then(unwrap);
}

export const openHoldsQueryKey = (kind: SincerityKind) => ['sincerity', 'holds', kind] as const;

/** Orders and listings the deposit backs now (what keeps it from being returned). */
export function useOpenHolds(kind: SincerityKind, enabled: boolean) {
  return useQuery({ queryKey: openHoldsQueryKey(kind), queryFn: () => fetchOpenHolds(kind), enabled });
}
