import { Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { setNavigator } from '@/core/navigation';
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
): Map<ScreenLoader, LazyExoticComponent<ComponentType>> {
  return new Map(entries.map((entry) => [entry.screen, lazyScreen(entry.screen)]));
}

export function routeObjects(entries: readonly RouteEntry[] = routeTable): RouteObject[] {
  const screens = lazyComponents(entries);
  const children = entries.map((entry): RouteObject => {
    const Screen = screens.get(entry.screen);
    const element = <Suspense fallback={<ScreenSkeleton />}>{Screen ? <Screen /> : null}</Suspense>;
    const shared = { element, handle: entry, ErrorBoundary: RouteErrorScreen };
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
 * Starts fetching the screen of the address the page opened at, so that its chunk downloads while
 * the client boots rather than after the first render asks for it. A failure is left to the route's
 * own load, which reports it and recovers.
 */
export function preloadScreenOf(pathname: string, entries: readonly RouteEntry[] = routeTable): void {
  const entry = entries.find((route) => route.path === pathname);
  entry?.screen().catch(() => undefined);
}

/** The app's router; core's navigateTo (login flow, dialogs' btn_page) goes through it. */
export function createAppRouter(): AppRouter {
  const router = createBrowserRouter(routeObjects());
  setNavigator((to, options) => void router.navigate(to, { replace: options?.replace }));
  return router;
}
