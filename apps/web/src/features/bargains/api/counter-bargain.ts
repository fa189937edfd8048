import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainPaths, type BargainCounterRequest, type BargainDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function counterBargain(request: BargainCounterRequest): Promise<BargainDetail> {
  return http.post<BargainDetail>(bargainPaths.counter, request).then(unwrap);
}

export function useCounterBargain(onDone: (result: BargainDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: counterBargain,
    onSuccess: (result) => {
      void invalidateAfter(client, 'counterBargain');
      onDone(result);
    },
    onError: showError,
  });
}
