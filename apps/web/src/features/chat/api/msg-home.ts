import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type MsgHome } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { chatKeys } from '@/core/query-keys';

/** SPEC §7 /app/user/msg_home: the unread totals; the socket's `unread` frames keep them current. */
export function fetchMsgHome(): Promise<MsgHome> {
  return http.get<MsgHome>(apiPaths.userMsgHome, undefined, { silent: true }).then(unwrap);
}

export const msgHomeQueryOptions = () => queryOptions({ queryKey: chatKeys.msgHome, queryFn: fetchMsgHome });

export function useMsgHome(enabled: boolean) {
  return useQuery({ ...msgHomeQueryOptions(), enabled });
}
