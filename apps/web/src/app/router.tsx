import { SCREEN_LIVE_EVENT } from '@haoshi/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  type LoaderFunction,
  type RouteObject,
} from 'react-router';
import { setNavigator } from '@/core/navigation';
import { isLoggedIn } from '@/core/storage';
import { NotFoundScreen } from '@/ui/not-found-screen';
import { ScreenSkeleton } from '@/ui/screen-skeleton';
import { lazyScreen, type ScreenLoader } from './lazy-screen';
import { RootLayout } from './root-layout';
import { RouteErrorScreen } from './route-error-screen';
import { routeTable, type RouteEntry } from './route-table';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** One lazy component per screen module: routes sharing a screen share its chunk and component. */
function lazyComponents(
  entries: readonly RouteEntry[],
  makeLazy: LazyScreenFactory,
): Map<ScreenLoader, LazyExoticComponent<ComponentType>> {
  return new Map(entries.map((entry) => [entry.screen, makeLazy(entry.screen)]));
}

/** How a screen loader becomes a lazy component: in the browser with chunk-failure recovery. */
export type LazyScreenFactory = (load: ScreenLoader) => LazyExoticComponent<ComponentType>;

/**
 * How long a navigation may wait for a screen's code and critical data. Within it the screen paints
 * once, complete; past it (a slow or lost network) the screen shows its own skeleton and then its
 * data or error, rather than a tap that seems to do nothing.
 */
export const CRITICAL_WAIT_MS = 500;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A route's loader: the screen's code and its queries start together (no waterfall of chunk, then
 * data, then the data a component further down asks for). It waits for the code and the critical
 * data only, at most CRITICAL_WAIT_MS, and never fails: the lazy screen recovers failed chunks, the
 * screen shows failed data. An L route without a login prefetches nothing (the root layout sends
 * the visitor to log in).
 */
export function routeLoader(
  entry: RouteEntry,
  queryClient: QueryClient,
  waitMs = CRITICAL_WAIT_MS,
): LoaderFunction | undefined {
  const { prefetch } = entry;
  if (!prefetch) return undefined;
  return async ({ request }) => {
    const loggedIn = isLoggedIn();
    if (entry.login && !loggedIn) return null;
    const search = new URL(request.url).searchParams;
    const ready = Promise.all([
      entry.screen().catch(() => undefined),
      prefetch()
        .then((run) => run({ queryClient, search, loggedIn }))
        .catch(() => undefined),
    ]);
    await Promise.race([ready, pause(waitMs)]);
    return null;
  };
}

/**
 * Drawn with each route's screen, in its Suspense boundary: its effect runs each time the screen is
 * on screen and live (drawn; on a painted page, hydrated, which reaches the screen's boundary after
 * the rest of the app; shown again from keep-alive).
 */
function AnnounceScreenLive(): null {
  useEffect(() => {
    document.dispatchEvent(new Event(SCREEN_LIVE_EVENT));
  }, []);
  return null;
}

export function routeObjects(
  queryClient: QueryClient,
  entries: readonly RouteEntry[] = routeTable,
  makeLazy: LazyScreenFactory = lazyScreen,
): RouteObject[] {
  const screens = lazyComponents(entries, makeLazy);
  const children = entries.map((entry): RouteObject => {
    const Screen = screens.get(entry.screen);
    const element = (
      <Suspense fallback={<ScreenSkeleton />}>
        {Screen ? <Screen /> : null}
        <AnnounceScreenLive />
      </Suspense>
    );
    const loader = routeLoader(entry, queryClient);
    const shared = { element, handle: entry, ErrorBoundary: RouteErrorScreen, ...(loader ? { loader } : {}) };
    return entry.path === '/' ? { index: true, ...shared } : { path: entry.path, ...shared };
  });
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: ScreenSkeleton,
      ErrorBoundary: RouteErrorScreen,
      children: [...children, { path: '*', Component: NotFoundScreen }],
    },
  ];
}

/**
 * The app's router, whose loaders prefetch into the app's query cache; core's navigateTo (login
 * flow, dialogs' btn_page) goes through it.
 */
export function createAppRouter(queryClient: QueryClient, hydrationData?: HydrationState): AppRouter {
  const router = createBrowserRouter(routeObjects(queryClient), hydrationData ? { hydrationData } : {});
  setNavigator((to, options) => void router.navigate(to, { replace: options?.replace }));
  return router;
}
