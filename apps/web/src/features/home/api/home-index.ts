import { useQuery } from '@tanstack/react-query';
import { apiPaths, type HomeIndex } from '@haoshi/contracts';
import { http, unwrap } from '@/core/http/client';

export function fetchHomeIndex(): Promise<HomeIndex> {
  return http.get<HomeIndex>(apiPaths.homeIndex).then(unwrap);
}

export function useHomeIndex() {
  return useQuery({ queryKey: ['home', 'index'], queryFn: fetchHomeIndex, staleTime: 60_000 });
}
