import { customerServicePaths, type ServiceSession, type ServiceTransferRequest } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';
import { useSessionStep } from './use-session-step';

export function transferSession(request: ServiceTransferRequest): Promise<ServiceSession> {
  return http.post<ServiceSession>(customerServicePaths.transfer, request).then(unwrap);
}

/** 转接 to another staff member. */
export const useTransferSession = () => useSessionStep(transferSession);
