import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type EventDetail } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchEventDetail(id: number): Promise<EventDetail> {
  return http.get<EventDetail>(apiPaths.userEventDetail, { id }, { silent: true }).then(unwrap);
}

export const eventDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: personalKeys.event(id), queryFn: () => fetchEventDetail(id), retry: false });

export function useEventDetail(id: number, enabled: boolean) {
  return useQuery({ ...eventDetailQueryOptions(id), enabled });
}
