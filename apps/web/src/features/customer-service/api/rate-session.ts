import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerServicePaths, type ServiceRating, type ServiceRatingRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function rateSession(request: ServiceRatingRequest): Promise<ServiceRating> {
  return http.post<ServiceRating>(customerServicePaths.comment, request).then(unwrap);
}

export function useRateSession(onDone: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rateSession,
    onSuccess: async () => {
      await invalidateAfter(client, 'rateServiceSession');
      onDone();
    },
    onError: showError,
  });
}
