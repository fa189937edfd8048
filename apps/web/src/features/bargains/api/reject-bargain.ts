import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainPaths, type BargainDetail, type BargainIdRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function rejectBargain(request: BargainIdRequest): Promise<BargainDetail> {
  return http.post<BargainDetail>(bargainPaths.reject, request).then(unwrap);
}

export function useRejectBargain(onDone: (result: BargainDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectBargain,
    onSuccess: (result) => {
      void invalidateAfter(client, 'rejectBargain');
      onDone(result);
    },
    onError: showError,
  });
}
