import { useMutation, useQueryClient } from '@tanstack/react-query';
import { realNamePaths, type RealNameRequest, type RealNameSnapshot } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { bindStatusKey } from './bind-status';
import { realNameSnapshotKey } from './real-name-snapshot';

export function submitRealName(request: RealNameRequest): Promise<RealNameSnapshot> {
  return http.post<RealNameSnapshot>(realNamePaths.submit, request).then(unwrap);
}

/** On success the snapshot query holds the verified (masked) result; errors are left to the form. */
export function useSubmitRealName() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitRealName,
    onSuccess: (snapshot) => {
      client.setQueryData(realNameSnapshotKey, snapshot);
      // Screens that show the verified flag (bind status, payout methods) read it again.
      void client.invalidateQueries({ queryKey: bindStatusKey });
      void client.invalidateQueries({ queryKey: ['payout-methods'] });
    },
  });
}
