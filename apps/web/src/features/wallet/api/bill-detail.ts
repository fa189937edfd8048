import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletPaths, type BillDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { walletKeys } from '@/core/query-keys';

export function fetchBillDetail(id: number): Promise<BillDetail> {
  return http.get<BillDetail>(walletPaths.billDetail, { id }, { silent: true }).then(unwrap);
}

/** GET /app/user/bill_detail: one of the user's own bills. */
export const billDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: walletKeys.bill(id), queryFn: () => fetchBillDetail(id) });

export function useBillDetail(id: number | undefined) {
  return useQuery({ ...billDetailQueryOptions(id ?? 0), enabled: id !== undefined });
}
