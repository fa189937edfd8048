import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderHandover } from '@haoshi/contracts';
import { showError } from '@/core/http/show-error';
import { orderHandoverKeys } from '@/core/query-keys';
import { invalidateAfter, type MutationName } from '@/core/query-links';

/**
 * A hand-over call answers the panels' new data: it is put in the cache at once, then what else the
 * call changed is marked stale.
 */
export function useHandoverMutation<V>(
  name: MutationName,
  mutationFn: (variables: V) => Promise<OrderHandover>,
  onDone?: (data: OrderHandover) => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (data) => {
      client.setQueryData(orderHandoverKeys.panel(data.order_no), data);
      onDone?.(data);
      return invalidateAfter(client, name);
    },
    onError: showError,
  });
}
