import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  sincerityPaths,
  type SincerityCloseResult,
  type SincerityKind,
  type SincerityPayResult,
} from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { invalidateAfter, type MutationName } from '@/core/query-links';

/** One key per confirmed intent: a retry of the same tap cannot pay twice (DESIGN §3). */
const idempotencyKey = () => {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  );
  return { 'Idempotency-Key': `sincerity-${random.join('')}` };
};

export function paySincerity(kind: SincerityKind, level: string): Promise<SincerityPayResult> {
  const path = kind === 'recycler' ? sincerityPaths.payRecovery : sincerityPaths.pay;
  return http.post<SincerityPayResult>(path, { level }, { headers: idempotencyKey() }).then(unwrap);
}

export function closeSincerity(kind: SincerityKind): Promise<SincerityCloseResult> {
  return http
    .post<SincerityCloseResult>(sincerityPaths.close, { kind }, { headers: idempotencyKey() })
    .then(unwrap);
}

function useRefreshAfter(mutation: MutationName) {
  const queryClient = useQueryClient();
  return () => invalidateAfter(queryClient, mutation);
}

export function usePaySincerity(onPaid: (result: SincerityPayResult) => void) {
  const refresh = useRefreshAfter('paySincerity');
  return useMutation({
    mutationFn: ({ kind, level }: { kind: SincerityKind; level: string }) => paySincerity(kind, level),
    onSuccess: (result) => {
      onPaid(result);
      return refresh();
    },
    onError: showError,
  });
}

export function useCloseSincerity(onClosed: (result: SincerityCloseResult) => void) {
  const refresh = useRefreshAfter('refundSincerity');
  return useMutation({
    mutationFn: closeSincerity,
    onSuccess: (result) => {
      onClosed(result);
      return refresh();
    },
    onError: showError,
  });
}
