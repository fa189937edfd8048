import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type NoticeTopic, type WxNotice } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { showError } from '@/core/http/show-error';
import { personalKeys } from '@/core/query-keys';

export function updateWxNotice(input: { topic: NoticeTopic; enabled: boolean }): Promise<WxNotice> {
  return http.post<WxNotice>(apiPaths.userWxNotice, input).then(unwrap);
}

/** The screen redraws from the answer: nothing else shows these switches. */
export function useUpdateWxNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateWxNotice,
    onSuccess: (state) => client.setQueryData(personalKeys.wxNotice, state),
    onError: showError,
  });
}
