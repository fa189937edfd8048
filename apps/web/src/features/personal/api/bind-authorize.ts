import { useMutation } from '@tanstack/react-query';
import { apiPaths, type ThirdPartyProvider } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';

/** The provider's authorize page, which sends the user back to `returnTo` with a code. */
export function startBinding(input: { provider: ThirdPartyProvider; returnTo: string }): Promise<string> {
  return http
    .post<{ authorize_url: string }>(apiPaths.userBindAuthorize, {
      provider: input.provider,
      return_to: input.returnTo,
    })
    .then(unwrap)
    .then((data) => data.authorize_url);
}

export function useStartBinding() {
  return useMutation({
    mutationFn: startBinding,
    onSuccess: (url) => window.location.assign(url),
    onError: showError,
  });
}
