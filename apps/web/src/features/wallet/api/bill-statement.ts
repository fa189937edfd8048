import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletPaths, type BillStatement } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { walletKeys } from '@/core/query-keys';

export function fetchBillStatement(months = 12): Promise<BillStatement> {
  return http.get<BillStatement>(walletPaths.billStatement, { months }, { silent: true }).then(unwrap);
}

/** GET /app/user/bill/statement: opening, in, out and closing per month (对账中心). */
export const billStatementQueryOptions = (months = 12) =>
  queryOptions({ queryKey: walletKeys.statement(months), queryFn: () => fetchBillStatement(months) });

export function useBillStatement(months = 12) {
  return useQuery(billStatementQueryOptions(months));
}
