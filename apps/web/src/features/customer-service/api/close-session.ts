import { customerServicePaths, type ServiceSession } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useSessionStep } from './use-session-step';

export function closeSession(id: number): Promise<ServiceSession> {
  return http.post<ServiceSession>(customerServicePaths.close, { id }).then(unwrap);
}

/** 结束会话 */
export const useCloseSession = () => useSessionStep(closeSession);
