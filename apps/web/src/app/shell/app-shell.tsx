import { SafeArea } from 'antd-mobile';
import { Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useIsLoggedIn } from '@/core/storage';
import { BackIcon } from '@/ui/icons';
import { useAfterHydration } from '@/ui/use-after-hydration';
import type { RouteMeta } from '@/ui/route-meta';
import { useBack } from '@/ui/use-back';
import { appMessages } from '../messages';
import { tabOf, tabs } from './tabs';
import './shell.css';

/** Links, not antd-mobile's TabBar: its items are bare divs that a keyboard cannot reach. */
function BottomTabBar({ active }: { active: string }) {
  const loggedIn = useIsLoggedIn();
  const inBrowser = useAfterHydration();
  return (
    <nav className="app-shell__tab-bar" aria-label="主导航">
      <ul className="app-shell__tabs">
        {tabs.map(({ path, title, Icon, Badge }) => (
          <li key={path}>
            <Link to={path} className="app-shell__tab" aria-current={path === active ? 'page' : undefined}>
              <Icon active={path === active} />
              <span>{title}</span>
              {Badge && loggedIn && inBrowser ? (
                <Suspense fallback={null}>
                  <Badge />
                </Suspense>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      <SafeArea position="bottom" />
    </nav>
  );
}

/**
 * The top bar of inner pages: a real back button (antd-mobile's NavBar puts role="button" on a
 * wrapper that has no name and cannot take focus) and the page title as the page's heading.
 */
function TopBar({ title }: { title: string }) {
  const back = useBack();
  return (
    <header className="app-shell__nav-bar">
      <button type="button" className="app-shell__back" aria-label={appMessages.back} onClick={back}>
        <BackIcon />
      </button>
      <h1 className="app-shell__title">{title}</h1>
    </header>
  );
}

/**
 * Status-bar inset (core sets --app-sb-h from sb_h), a top bar with back on inner pages, the route
 * viewport, and the bottom tab bar on the four tab pages.
 */
export function AppShell({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { pathname } = useLocation();
  const tab = tabOf(pathname);
  return (
    <div className="app-shell">
      {tab === undefined ? <TopBar title={meta.title} /> : null}
      <main className="app-shell__viewport">{children}</main>
      {tab === undefined ? null : <BottomTabBar active={tab} />}
    </div>
  );
}
