import { useQuery } from '@tanstack/react-query';
import { realNamePaths, type BindStatus } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export const bindStatusKey = ['real-name', 'bind-status'] as const;

export function fetchBindStatus(): Promise<BindStatus> {
  return http.get<BindStatus>(realNamePaths.bindStatus).then(unwrap);
}

export function useBindStatus() {
  return useQuery({ queryKey: bindStatusKey, queryFn: fetchBindStatus });
}
