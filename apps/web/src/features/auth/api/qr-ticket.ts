import { useQuery } from '@tanstack/react-query';
import { apiPaths, type QrTicketCreated } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { authKeys } from '@/core/query-keys';

export function createQrTicket(): Promise<QrTicketCreated> {
  return http.post<QrTicketCreated>(apiPaths.qrTicketCreate).then(unwrap);
}

/** A fresh ticket each time the panel opens; refetch() replaces it with a new one. */
export function useQrTicket() {
  return useQuery({
    queryKey: authKeys.qrTicket,
    queryFn: createQrTicket,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
}
