import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Notice } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchNoticeDetail(id: number): Promise<Notice> {
  return http.get<Notice>(apiPaths.noticeDetail, { id }, { silent: true }).then(unwrap);
}

export const noticeDetailQueryOptions = (id: number) =>
  queryOptions({ queryKey: personalKeys.notice(id), queryFn: () => fetchNoticeDetail(id), retry: false });

export function useNoticeDetail(id: number, enabled: boolean) {
  return useQuery({ ...noticeDetailQueryOptions(id), enabled });
}
