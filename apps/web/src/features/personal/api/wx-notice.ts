import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type WxNotice } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { personalKeys } from '@/core/query-keys';

export function fetchWxNotice(): Promise<WxNotice> {
  return http.get<WxNotice>(apiPaths.userWxNotice).then(unwrap);
}

export const wxNoticeQueryOptions = () =>
  queryOptions({ queryKey: personalKeys.wxNotice, queryFn: fetchWxNotice });

export function useWxNotice() {
  return useQuery(wxNoticeQueryOptions());
}
