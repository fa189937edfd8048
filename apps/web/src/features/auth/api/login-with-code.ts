import { useMutation } from '@tanstack/react-query';
import { apiPaths, type LoginRequest, type LoginResponse } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

export function loginWithCode(request: LoginRequest): Promise<LoginResponse> {
  return http.post<LoginResponse>(apiPaths.login, request).then(unwrap);
}

export function useLoginWithCode(onLoggedIn: (login: LoginResponse) => void) {
  return useMutation({ mutationFn: loginWithCode, onSuccess: onLoggedIn, onError: showError });
}
