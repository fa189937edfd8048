import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
// From 'react-router', not 'react-router/dom': under vitest the latter loads a second copy of the
// router next to the screens' one (remix-run/react-router#12785); only navigate's flushSync differs.
import { RouterProvider } from 'react-router';
import type { AppRouter } from './router';
import './brand-theme.css';
import './app.css';

/** The router's loaders and the screens share one query cache. */
export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
