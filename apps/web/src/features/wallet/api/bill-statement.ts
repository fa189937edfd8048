import { useQuery } from '@tanstack/react-query';
import { walletPaths, type BillStatement } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchBillStatement(months = 12): Promise<BillStatement> {
  return http.get<BillStatement>(walletPaths.billStatement, { months }, { silent: true }).then(unwrap);
}

/** GET /app/user/bill/statement: opening, in, out and closing per month (对账中心). */
export function useBillStatement(months = 12) {
  return useQuery({ queryKey: ['wallet', 'statement', months], queryFn: () => fetchBillStatement(months) });
}
