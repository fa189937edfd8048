import { queryOptions, useQuery } from '@tanstack/react-query';
import { sincerityPaths, type Page, type SincerityHold, type SincerityKind } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { sincerityKeys } from '@/core/query-keys';

export function fetchOpenHolds(kind: SincerityKind): Promise<Page<SincerityHold>> {
  return http
    .get<Page<SincerityHold>>(sincerityPaths.orderList, { kind, status: 'open', page: 1, page_size: 50 })
    .then(unwrap);
}

/** Orders and listings the deposit backs now (what keeps it from being returned). */
export const openHoldsQueryOptions = (kind: SincerityKind) =>
  queryOptions({ queryKey: sincerityKeys.holds(kind), queryFn: () => fetchOpenHolds(kind) });

export function useOpenHolds(kind: SincerityKind, enabled: boolean) {
  return useQuery({ ...openHoldsQueryOptions(kind), enabled });
}
