import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realNamePaths, type RealNameRequest, type RealNameSnapshot } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { invalidateAfter } from '@/core/query-links';
import { realNameKeys } from '@/core/query-keys';

export function submitRealName(request: RealNameRequest): Promise<RealNameSnapshot> {
  return http.post<RealNameSnapshot>(realNamePaths.submit, request).then(unwrap);
}

/** On success the snapshot query holds the verified (masked) result; errors are left to the form. */
export function useSubmitRealName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitRealName,
    onSuccess: (snapshot) => {
      client.setQueryData(realNameKeys.snapshot, snapshot);
      // Screens that show the verified flag (bind status, payout methods, transfer) read it again.
      void invalidateAfter(client, 'submitRealName');
    },
  });
}
