import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type ChatNoticeReadRequest, type MsgHome } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';
import { invalidateAfter } from '@/core/query-links';

export function readNotices(request: ChatNoticeReadRequest): Promise<MsgHome> {
  return http.post<MsgHome>(apiPaths.chatNoticesRead, request, { silent: true }).then(unwrap);
}

/** Opening a channel marks it read; the answer is the new unread totals. */
export function useReadNotices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: readNotices,
    onSuccess: (totals) => {
      client.setQueryData(chatKeys.msgHome, totals);
      void invalidateAfter(client, 'readChatNotices');
    },
  });
}
