import { queryOptions, useQuery } from '@tanstack/react-query';
import { protocolPaths, type ProtocolSnapshots } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { protocolKeys } from '@/core/query-keys';

export function fetchProtocolSnapshots(orderNo: string): Promise<ProtocolSnapshots> {
  return http
    .get<ProtocolSnapshots>(protocolPaths.snapshots, { order_no: orderNo }, { silent: true })
    .then(unwrap);
}

/** Verified on every read: the verdict must reflect the stored rows now. */
export const protocolSnapshotsQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: protocolKeys.snapshots(orderNo),
    queryFn: () => fetchProtocolSnapshots(orderNo),
    staleTime: 0,
  });

export function useProtocolSnapshots(orderNo: string) {
  return useQuery(protocolSnapshotsQueryOptions(orderNo));
}
