import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isApiError } from '@/core/http/client';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { withdrawMessages as m } from './messages';

interface QueryGateProps<T> {
  query: UseQueryResult<T>;
  errorTitle?: string;
  /** A refusal the screen explains itself (e.g. not finance staff, not found). */
  refusal?: (code: number) => ReactNode | undefined;
  children: (data: T) => ReactNode;
}

/** Skeleton while loading, a retry screen on failure, the screen once the data is there. */
export function QueryGate<T>({ query, errorTitle = m.loadFailed, refusal, children }: QueryGateProps<T>) {
  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError) {
    const explained = isApiError(query.error) ? refusal?.(query.error.code) : undefined;
    if (explained) return <>{explained}</>;
    return (
      <StatusScreen
        status="disconnected"
        title={errorTitle}
        description={
          isApiError(query.error) ? query.error.message : '网络不稳定或服务繁忙，请检查网络后重试。'
        }
        actions={[{ text: m.retry, primary: true, onClick: () => void query.refetch() }]}
        testId="withdraw-error"
      />
    );
  }
  return <>{children(query.data)}</>;
}
