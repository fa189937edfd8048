import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { StatusScreen } from '@/ui/status-screen';
import { personalMessages as m } from './messages';

/** The skeleton while `query` loads, an error with a retry when it failed, the content once it has data. */
export function LoadState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ScreenSkeleton />;
  if (query.isError)
    return (
      <StatusScreen
        status="disconnected"
        title={m.loadFailed}
        description={m.loadFailedBody}
        actions={[{ text: m.retry, primary: true, onClick: () => void query.refetch() }]}
      />
    );
  return <>{children(query.data)}</>;
}
