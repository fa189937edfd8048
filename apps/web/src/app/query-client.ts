import { QueryClient } from '@tanstack/react-query';
import { isApiError, isHandledError } from '@/core/http/errors';

const MAX_RETRIES = 1;

/** Business errors (err_code ≠ 0) and handled failures are answers, not flukes: no retry. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) || (isHandledError(error) && error.kind !== 'network')) return false;
  return failureCount < MAX_RETRIES;
}

export function createAppQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
