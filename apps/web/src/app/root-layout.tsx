import { useMemo } from 'react';
import { Navigate, useLocation, useMatches, useNavigationType, useOutlet } from 'react-router';
import { isNativeApp } from '@/core/channel';
import { useIsLoggedIn } from '@/core/storage';
import { LoginRequiredScreen } from '@/ui/login-required-screen';
import type { RouteMeta } from '@/ui/route-meta';
import { decideAccess } from './access';
import { KeepAliveOutlet, type CurrentPane } from './keep-alive/keep-alive-outlet';
import { appMessages } from './messages';
import type { RouteEntry } from './route-table';
import { AppShell } from './shell/app-shell';
import { useNavigationEffects } from './use-navigation-effects';

function isRouteEntry(handle: unknown): handle is RouteEntry {
  return typeof handle === 'object' && handle !== null && 'path' in handle && 'screen' in handle;
}

function useCurrentEntry(): RouteEntry | undefined {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle;
  return isRouteEntry(handle) ? handle : undefined;
}

/** The root route: navigation rules, shell, and the kept-alive route panes. */
export function RootLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const outlet = useOutlet();
  const entry = useCurrentEntry();
  const loggedIn = useIsLoggedIn();
  const meta = useMemo<RouteMeta>(
    () => entry ?? { path: location.pathname, title: appMessages.notFoundTitle, keepAlive: false },
    [entry, location.pathname],
  );
  useNavigationEffects(meta.title);

  const target = location.pathname + location.search;
  const access = decideAccess(entry, target, { loggedIn, native: isNativeApp() });
  // A refused route still renders inside the shell, so kept-alive routes survive the redirect.
  let element = outlet;
  if (access.kind === 'redirect') element = <Navigate to={access.to} replace />;
  else if (access.kind === 'native-login') element = <LoginRequiredScreen target={target} />;
  const current: CurrentPane = {
    key: location.pathname,
    element,
    location,
    navigationType,
    meta: access.kind === 'allow' ? meta : { ...meta, keepAlive: false },
  };
  return (
    <AppShell meta={meta}>
      <KeepAliveOutlet current={current} epoch={loggedIn ? 'logged-in' : 'anonymous'} />
    </AppShell>
  );
}
