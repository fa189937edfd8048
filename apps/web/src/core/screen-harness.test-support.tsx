import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import type { ReactElement } from 'react';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router';
import { fakeServer, networkError, type FakeReply } from '@/core/http/fake-server.test-support';

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

export type ApiAnswer = { data: unknown } | { failure: 'network' } | { error: number; message: string };
export type ApiRoute = (request: { params: Record<string, unknown>; body: unknown }) => ApiAnswer;

export const answer = (data: unknown): ApiAnswer => ({ data });
export const networkFailure: ApiAnswer = { failure: 'network' };

function bodyOf(config: InternalAxiosRequestConfig): unknown {
  if (typeof config.data !== 'string') return config.data as unknown;
  try {
    return JSON.parse(config.data) as unknown;
  } catch {
    return config.data;
  }
}

/**
 * Answers the shared client by "METHOD /path" (query left out); an unknown path fails the test
 * with its name. Returns the requests seen, with params and bodies, for assertions.
 */
export function fakeApi(routes: Record<string, ApiRoute>) {
  const seen: Array<{ key: string; params: Record<string, unknown>; body: unknown }> = [];
  const server = fakeServer((config): FakeReply => {
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    const params = (config.params ?? {}) as Record<string, unknown>;
    const body = bodyOf(config);
    seen.push({ key, params, body });
    const route = routes[key];
    if (!route) return { data: { err_code: 9999, message: `no fake for ${key}` } };
    const result = route({ params, body });
    if ('failure' in result) throw networkError(config);
    if ('error' in result) return { data: { err_code: result.error, message: result.message } };
    return { data: { err_code: 0, data: result.data } };
  });
  return {
    seen,
    calls: (key: string) => seen.filter((request) => request.key === key),
    restore: server.restore,
  };
}
