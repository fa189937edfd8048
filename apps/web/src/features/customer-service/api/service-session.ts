import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerServicePaths, type ServiceSession } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { customerServiceKeys } from '@/core/query-keys';

/**
 * How often an open session is asked again (queue position, staff taking it, closing). With the chat
 * socket up, a session being served is not polled: every step of it posts a line in its
 * conversation, which arrives as a frame and refreshes it; a queued one still is (its position).
 */
export const SESSION_REFRESH_MS = 3000;

export function fetchServiceSession(id: number): Promise<ServiceSession> {
  return http.get<ServiceSession>(customerServicePaths.session, { id }).then(unwrap);
}

export const serviceSessionQueryOptions = (id: number) =>
  queryOptions({ queryKey: customerServiceKeys.session(id), queryFn: () => fetchServiceSession(id) });

export function useServiceSession(id: number, socketUp = false) {
  return useQuery({
    ...serviceSessionQueryOptions(id),
    enabled: id > 0,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      if (status === 'closed') return false;
      return socketUp && status !== undefined && status !== 'queued' ? false : SESSION_REFRESH_MS;
    },
  });
}
