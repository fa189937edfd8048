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

/** The staff's queue, asked again every few seconds while on screen. */
export function useServiceQueue(enabled = true) {
  return useQuery({ ...serviceQueueQueryOptions(), enabled, refetchInterval: QUEUE_REFRESH_MS });
}
