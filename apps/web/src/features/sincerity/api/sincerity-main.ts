import { useQuery } from '@tanstack/react-query';
import { sincerityPaths, type SincerityMain } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchSincerityMain(): Promise<SincerityMain> {
  return http.get<SincerityMain>(sincerityPaths.main).then(unwrap);
}

export const sincerityMainQueryKey = ['sincerity', 'main'] as const;

export function useSincerityMain(enabled: boolean) {
  return useQuery({ queryKey: sincerityMainQueryKey, queryFn: fetchSincerityMain, enabled });
}
