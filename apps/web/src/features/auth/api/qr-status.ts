import { useQuery } from '@tanstack/react-query';
import { apiPaths, type QrStatus, type QrTicketState } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { authKeys } from '@/core/query-keys';

export const QR_POLL_INTERVAL_MS = 2000;
const FINAL_STATES: ReadonlySet<QrTicketState> = new Set(['confirmed', 'cancelled', 'expired', 'consumed']);

/** Polled: silent, so a blip does not toast every two seconds. */
export function fetchQrStatus(ticket: string): Promise<QrStatus> {
  return http.get<QrStatus>(apiPaths.qrTicketStatus, { ticket }, { silent: true }).then(unwrap);
}

/** Polls every 2 s until the ticket reaches a final state. */
export function useQrStatus(ticket: string | undefined) {
  return useQuery({
    queryKey: authKeys.qrStatus(ticket),
    queryFn: () => fetchQrStatus(ticket ?? ''),
    enabled: ticket !== undefined,
    refetchInterval: (query) =>
      query.state.data && FINAL_STATES.has(query.state.data.state) ? false : QR_POLL_INTERVAL_MS,
    refetchIntervalInBackground: false,
    retry: false,
    gcTime: 0,
  });
}
