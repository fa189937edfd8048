import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';

/** A screen module: its default export is the screen. */
export interface ScreenModule {
  default: ComponentType;
}

/** Loads one route's screen on demand (a dynamic import). */
export type ScreenLoader = () => Promise<ScreenModule>;

/** What a route's prefetch gets: the app's query cache and the address it is going to. */
export interface PrefetchContext {
  queryClient: QueryClient;
  search: URLSearchParams;
  loggedIn: boolean;
}

/**
 * Starts every query a screen shows, with the same query options its hooks use, so the requests run
 * in parallel with the screen's code instead of one after another as components mount. It resolves
 * once the critical data (what the first paint needs) is in the cache: `queryClient.query` with
 * `staleTime: 'static'`, so data already cached (a keep-alive route visited again) does not hold the
 * navigation (the screen's own query refreshes it if stale when it mounts). Non-critical queries are
 * started with `void queryClient.query(...).catch(...)` and not awaited. A rejection is ignored by
 * the loader: the screen shows the failed query itself.
 */
export type RoutePrefetch = (context: PrefetchContext) => Promise<void>;

/** Loads a route's prefetch on demand, so its api modules (and the http client) stay off the first visit. */
export type PrefetchLoader = () => Promise<RoutePrefetch>;

/**
 * What a feature contributes to the route table: screens for routes SPEC §2 already lists (their
 * titles and L/K flags stay as SPEC marks them), and routes of its own that SPEC does not list
 * (e.g. the publish page, staff screens), each documented in docs/decisions.md.
 */
export interface FeatureRoutes {
  screens: Readonly<Record<string, ScreenLoader>>;
  /** Route loaders' prefetch by path (the route table wires them into React Router's loaders). */
  prefetch?: Readonly<Record<string, PrefetchLoader>>;
  extraRoutes?: readonly ExtraRoute[];
}

export interface ExtraRoute {
  path: string;
  /** Chinese page title. */
  title: string;
  login: boolean;
  keepAlive: boolean;
  screen: ScreenLoader;
}
