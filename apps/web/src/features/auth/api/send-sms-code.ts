import { useMutation } from '@tanstack/react-query';
import { apiPaths, type SmsResponse } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export function sendSmsCode(phone: string): Promise<SmsResponse> {
  return http.post<SmsResponse>(apiPaths.sms, { phone, scene: 'login' }).then(unwrap);
}

export function useSendSmsCode(onSent: (response: SmsResponse) => void) {
  return useMutation({ mutationFn: sendSmsCode, onSuccess: onSent, onError: showError });
}
