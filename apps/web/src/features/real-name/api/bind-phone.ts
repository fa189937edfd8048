import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realNamePaths, type BindPhoneRequest, type BindStatus, type SmsResponse } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';
import { realNameKeys } from '@/core/query-keys';

export function sendBindCode(phone: string): Promise<SmsResponse> {
  return http.post<SmsResponse>(realNamePaths.bindPhoneSms, { phone }).then(unwrap);
}

export function bindPhone(request: BindPhoneRequest): Promise<BindStatus> {
  return http.post<BindStatus>(realNamePaths.bindPhone, request).then(unwrap);
}

export function useSendBindCode(onSent: (response: SmsResponse) => void) {
  return useMutation({ mutationFn: sendBindCode, onSuccess: onSent, onError: showError });
}

export function useBindPhone(onBound: (status: BindStatus) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: bindPhone,
    onSuccess: (status) => {
      client.setQueryData(realNameKeys.bindStatus, status);
      void invalidateAfter(client, 'bindPhone');
      onBound(status);
    },
    onError: showError,
  });
}
