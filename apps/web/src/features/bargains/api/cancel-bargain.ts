import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainPaths, type BargainDetail, type BargainIdRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function cancelBargain(request: BargainIdRequest): Promise<BargainDetail> {
  return http.post<BargainDetail>(bargainPaths.cancel, request).then(unwrap);
}

export function useCancelBargain(onDone: (result: BargainDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: cancelBargain,
    onSuccess: (result) => {
      void invalidateAfter(client, 'cancelBargain');
      onDone(result);
    },
    onError: showError,
  });
}
