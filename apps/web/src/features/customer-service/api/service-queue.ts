import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerServicePaths, type ServiceQueue } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { customerServiceKeys } from '@/core/query-keys';

const QUEUE_REFRESH_MS = 3000;

export function fetchServiceQueue(): Promise<ServiceQueue> {
  return http.get<ServiceQueue>(customerServicePaths.queue).then(unwrap);
}

export const serviceQueueQueryOptions = () =>
  queryOptions({ queryKey: customerServiceKeys.queue, queryFn: fetchServiceQueue });

/**
 * The staff's queue. With the chat socket up it is asked again when a `service_queue` frame says it
 * changed (live-service-chat.ts); while the socket is down, every few seconds.
 */
export function useServiceQueue(enabled = true, socketUp = false) {
  return useQuery({
    ...serviceQueueQueryOptions(),
    enabled,
    refetchInterval: socketUp ? false : QUEUE_REFRESH_MS,
  });
}
