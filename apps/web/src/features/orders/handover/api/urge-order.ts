import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderHandoverPaths, type Urge, type UrgeRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter } from '@/core/query-links';

export function urgeOrder(request: UrgeRequest): Promise<{ urge: Urge; left_today: number }> {
  return http.post<{ urge: Urge; left_today: number }>(orderHandoverPaths.urge, request).then(unwrap);
}

export function useUrgeOrder(onDone: (leftToday: number) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: urgeOrder,
    onSuccess: (result) => {
      onDone(result.left_today);
      return invalidateAfter(client, 'urgeOrder');
    },
    onError: showError,
  });
}
