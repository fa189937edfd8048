import type { RoutePrefetch } from '@/core/feature-routes';
import { currentUserQueryOptions } from '@/core/current-user';

/** /mine: the account summary at the top (a guest sees the login entry and needs nothing). */
export const prefetchMine: RoutePrefetch = async ({ queryClient, loggedIn }) => {
  if (loggedIn) await queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' });
};
