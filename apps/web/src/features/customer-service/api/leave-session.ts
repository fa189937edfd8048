import { customerServicePaths, type ServiceSession } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useSessionStep } from './use-session-step';

export function leaveSession(id: number): Promise<ServiceSession> {
  return http.post<ServiceSession>(customerServicePaths.leave, { id }).then(unwrap);
}

/** 取消排队 */
export const useLeaveSession = () => useSessionStep(leaveSession);
