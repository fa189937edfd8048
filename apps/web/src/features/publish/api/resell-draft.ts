import { queryOptions, useQuery } from '@tanstack/react-query';
import { resellPaths, type ResellDraft } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { publishKeys } from '@/core/query-keys';

/**
 * 转卖: the bought listing as a draft of the buyer's (POST: the server copies its screenshots into
 * the buyer's uploads). Asked once per visit of the publish page; never cached beyond it.
 */
export function fetchResellDraft(orderNo: string): Promise<ResellDraft> {
  return http.post<ResellDraft>(resellPaths.draft, { order_no: orderNo }).then(unwrap);
}

export const resellDraftQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: publishKeys.resellDraft(orderNo),
    queryFn: () => fetchResellDraft(orderNo),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });

export function useResellDraft(orderNo: string | undefined) {
  return useQuery({ ...resellDraftQueryOptions(orderNo ?? ''), enabled: orderNo !== undefined });
}
