import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainPaths, type BargainDetail, type BargainIdRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function agreeBargain(request: BargainIdRequest): Promise<BargainDetail> {
  return http.post<BargainDetail>(bargainPaths.agree, request).then(unwrap);
}

export function useAgreeBargain(onDone: (result: BargainDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: agreeBargain,
    onSuccess: (result) => {
      void invalidateAfter(client, 'agreeBargain');
      onDone(result);
    },
    onError: showError,
  });
}
