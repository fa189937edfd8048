import { routeTable, type RouteEntry } from './route-table';

/**
 * Starts fetching what the address the page opened at needs first: its screen's chunk and its
 * prefetch module (with the api calls and the http client it imports). Run from its own small entry
 * (`src/preload.ts`), which the page loads next to the client's: the chunks download while React,
 * the router and the shell load instead of after them. The loads are only started; a failure is left
 * to the route's own load, which reports it and recovers.
 */
export function preloadRoute(pathname: string, entries: readonly RouteEntry[] = routeTable): void {
  const entry = entries.find((route) => route.path === pathname);
  entry?.screen().catch(() => undefined);
  entry?.prefetch?.().catch(() => undefined);
}
