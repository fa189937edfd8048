import { apiPaths, type ImConnect } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

/** SPEC §7 /app/user/im: where the socket is and the token its hello carries (asked before every connect). */
export function fetchImConnect(): Promise<ImConnect> {
  return http.get<ImConnect>(apiPaths.userIm, undefined, { silent: true }).then(unwrap);
}
