import { customerServicePaths, type ServiceSession } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useSessionStep } from './use-session-step';

export function takeSession(id: number): Promise<ServiceSession> {
  return http.post<ServiceSession>(customerServicePaths.take, { id }).then(unwrap);
}

/** 接入 */
export const useTakeSession = () => useSessionStep(takeSession);
