import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bargainPaths, type BargainDetail, type BargainOfferRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function offerBargain(request: BargainOfferRequest): Promise<BargainDetail> {
  return http.post<BargainDetail>(bargainPaths.offer, request).then(unwrap);
}

export function useOfferBargain(onDone: (result: BargainDetail) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: offerBargain,
    onSuccess: (result) => {
      void invalidateAfter(client, 'offerBargain');
      onDone(result);
    },
    onError: showError,
  });
}
