import { useMutation, useQuery } from '@tanstack/react-query';
import { apiPaths, type QrAuthRequest, type QrAuthResponse } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { authKeys } from '@/core/query-keys';

export function authorizeQr(request: QrAuthRequest): Promise<QrAuthResponse> {
  return http.post<QrAuthResponse>(apiPaths.qrAuth, request).then(unwrap);
}

/** Tells the other device its code was scanned, once per ticket; answers who is asking. */
export function useQrScan(ticket: string, enabled: boolean) {
  return useQuery({
    queryKey: authKeys.qrScan(ticket),
    queryFn: () => authorizeQr({ ticket, action: 'scan' }),
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}

export function useQrDecision(ticket: string) {
  return useMutation({
    mutationFn: (action: 'confirm' | 'cancel') => authorizeQr({ ticket, action }),
    onError: showError,
  });
}
