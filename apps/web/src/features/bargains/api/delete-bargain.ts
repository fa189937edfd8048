import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainPaths, type BargainIdRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function deleteBargain(request: BargainIdRequest): Promise<null> {
  return http.post<null>(bargainPaths.remove, request).then(unwrap);
}

export function useDeleteBargain(onDone: (result: null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteBargain,
    onSuccess: (result) => {
      void invalidateAfter(client, 'deleteBargain');
      onDone(result);
    },
    onError: showError,
  });
}
