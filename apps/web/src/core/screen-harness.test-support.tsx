import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router';

/** Renders a memory router with a fresh query cache and no retries; returns the cache. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return client;
}

/** A screen at an address, with a fresh query cache and no retries; other paths show their name. */
export function renderScreen(
  path: string,
  element: ReactElement,
  { url = path, otherPaths = [] }: { url?: string; otherPaths?: readonly string[] } = {},
) {
  const routes: RouteObject[] = [
    { path, element },
    ...otherPaths.map((other) => ({ path: other, element: <p data-testid="other-route">{other}</p> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  return { router, client: renderRouter(router) };
}
