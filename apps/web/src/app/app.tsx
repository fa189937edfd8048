import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
// From 'react-router', not 'react-router/dom': under vitest the latter loads a second copy of the
// router next to the screens' one (remix-run/react-router#12785); only navigate's flushSync differs.
import { RouterProvider } from 'react-router';
import { createAppQueryClient } from './query-client';
import type { AppRouter } from './router';
import './brand-theme.css';
import './app.css';

export function App({ router }: { router: AppRouter }) {
  const [queryClient] = useState(createAppQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
